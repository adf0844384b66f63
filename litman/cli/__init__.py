"""The `litman` command: argparse over the `Library` API, nothing more.

`commands` holds one small `cmd_*` function per subcommand and `main`; `parser` builds the
argument parser and reads a QUERY's words (which may start with `-`); `output` prints
papers, reports and JSON, with control characters from the library shown escaped.

May import: everything below it (`litman.gui` to start the window, `app`, `display`,
`formats`, `metadata`), and from `litman.core` only the `Library`, its records and errors
and the `Store`/`Site` interface. Imported by nobody but `litman.__main__` and the tests.
"""

from litman.cli.commands import main

__all__ = ["main"]
