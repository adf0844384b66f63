"""The `litman` command: argparse over the `Library` API, nothing more.

`commands` holds one small `cmd_*` function per subcommand and `main`; `parser` builds the
argument parser and reads a QUERY's words (which may start with `-`); `output` prints
papers, reports and JSON, with control characters from the library shown escaped.
"""

from litman.cli.commands import main

__all__ = ["main"]
