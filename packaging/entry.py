"""The frozen app's entry point: the same `litman` command as `pip install` gives."""

import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["--pdf-text-worker"]:  # litman.formats.pdf_text's worker process
        from litman.formats.pdf_text import worker_main

        sys.exit(worker_main(sys.argv[2:]))
    from litman.cli import main

    sys.exit(main())
