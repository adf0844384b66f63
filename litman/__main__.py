"""`python -m litman`: the same entry point as the `litman` command."""

import sys

from litman.cli import main

if __name__ == "__main__":
    sys.exit(main())
