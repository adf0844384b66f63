"""`litman cite ID|KEY... [--style NAME|FILE.csl] [--format text|html] [--locale L]
[--citation]`: papers as formatted references (`litman.formats.references`).

Prints the bibliography, an entry a line in the style's order (or HTML in citeproc-js's
classes); `--citation` prints the in-text citation of them all instead (`(Doe, 2020; Roe,
2021)`, `[1], [2]`). A style is one of the names litman offers or a `.csl` file; a locale is
one citeproc-py has (`en-US`, `zh-CN`, ...), the style's own by default.
"""

import argparse
from typing import Any

from litman.cli.output import say
from litman.core.library.facade import Library
from litman.formats import references


def cmd_cite(args: argparse.Namespace, lib: Library) -> int:
    papers = lib.get_many(lib.resolve_many(args.papers))
    refs = references.render(papers, args.style, args.format, args.locale)
    say(refs.citation if args.citation else refs.bibliography(), multiline=True)
    return 0


def add_parsers(add: Any, commands: Any) -> None:
    """The `cite` subcommand."""
    p = add(
        "cite",
        commands["cite"],
        "print papers as formatted references in a citation style (CSL)",
        read_only=True,
    )
    p.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    names = ", ".join(references.style_names())
    p.add_argument(
        "--style",
        default=references.DEFAULT_STYLE,
        metavar="NAME|FILE.csl",
        help=f"{names}, or a .csl file (default: {references.DEFAULT_STYLE})",
    )
    p.add_argument("--format", choices=["text", "html"], default="text")
    p.add_argument(
        "--locale",
        default="",
        metavar="LOCALE",
        help="en-US, en-GB, zh-CN, ... (default: the style's)",
    )
    p.add_argument(
        "--citation", action="store_true", help="the in-text citation instead of the entries"
    )
