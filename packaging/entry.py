"""The frozen app's entry point: the same `litman` command as `pip install` gives."""

import sys

from litman.cli import main

if __name__ == "__main__":
    sys.exit(main())
