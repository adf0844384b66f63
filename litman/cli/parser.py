"""The `litman` command's argument parser, and the words of a QUERY.

Help is said in the user's language: every help text and description is looked up in the
catalogue (core/messages.py) as the help is printed, and argparse's own words (`usage:`,
`options`, its errors), which it takes from gettext's default domain, are looked up in
ours while litman parses: they are listed in ARGPARSE_WORDS, so a catalogue lacking one
fails tests/core/test_messages.py.

A query may start with `-` (`-tag:survey`, `-word`: negation), which argparse would take
for an unknown option; `split_query` takes a query command's words out of the arguments
before argparse sees them, leaving only its options.
"""

import argparse
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from litman import __version__
from litman.cli import attaching, citing, cleaning, editing, trash
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.messages import N_, _, n_
from litman.core.records import SORT_FIELDS, Status
from litman.formats import registry

Command = Callable[[argparse.Namespace, Library], int]
PathCommand = Callable[[argparse.Namespace, Path], int]


class UsageError(LitmanError):
    """Wrong arguments: usage is printed and the exit status is 2."""


class QueryCommand(NamedTuple):
    """A command that takes QUERY words: its options that take a value, its short options
    (any other word starting with a single `-` is a query word), and how many words (a
    name, a file) stand before the query."""

    takes_value: frozenset[str]
    short: frozenset[str]
    before: int = 0


# The commands (and actions) that take a QUERY. Long options (`--lim 5`) are left to
# argparse, abbreviations included; one written after the query is read as an option.
QUERY_COMMANDS: dict[tuple[str, ...], QueryCommand] = {
    ("search",): QueryCommand(frozenset({"--library", "--limit"}), frozenset({"-h"})),
    ("export",): QueryCommand(
        frozenset({"--library", "--output", "-o", "--format"}), frozenset({"-h", "-o"})
    ),
    ("enrich",): QueryCommand(
        frozenset({"--library", "--accept-above", "--mailto"}), frozenset({"-h"})
    ),
    ("saved", "add"): QueryCommand(
        frozenset({"--library", "--tag", "--status"}), frozenset({"-h"}), before=1
    ),
    ("autoexport", "add"): QueryCommand(
        frozenset({"--library", "--format"}), frozenset({"-h"}), before=1
    ),
}
TOP_VALUE_OPTIONS = frozenset({"--library"})
DEBUG = N_("also print the log (litman.diagnostics.log_dir()) on stderr, debug messages included")

# The words argparse says itself (Python 3.11's, `gettext(...)` in argparse.py), translated
# in our catalogue: those a user of litman can meet.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


@contextmanager
def argparse_in_language() -> Iterator[None]:
    """argparse's own words (its errors) in the current language while this runs: argparse
    reads them through its module's `_` and `ngettext`, set back afterwards."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = n_  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class Formatter(argparse.HelpFormatter):
    """Help with each help text, description and the usage prefix in the user's language."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return _(action.help) if action.help else action.help

    def _format_text(self, text: str) -> str:
        return super()._format_text(_(text))

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that speaks the user's language (its subcommands' parsers too:
    argparse makes them of the parser's own class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        with argparse_in_language():
            return super().parse_known_args(args, namespace)


def split_query(argv: Sequence[str]) -> tuple[list[str], list[str] | None]:
    """The arguments for argparse, and the QUERY words of a query command (None for
    other commands), in the order typed. Everything after `--` is query words too."""
    argv = list(argv)
    start = _command_index(argv)
    if start is None:
        return argv, None
    for named in (argv[start : start + 2], argv[start : start + 1]):
        command = QUERY_COMMANDS.get(tuple(named))
        if command is not None:
            break
    else:
        return argv, None
    end = start + len(named)
    kept, words, before = argv[:end], list[str](), command.before
    rest = iter(argv[end:])
    for arg in rest:
        if arg == "--":
            words.extend(rest)
        elif arg.startswith("--") or arg in command.short:
            kept.append(arg)
            if "=" not in arg and _long_option(arg, command.takes_value):
                value = next(rest, None)  # its value, whatever it looks like
                kept.extend([] if value is None else [value])
        elif before:
            kept.append(arg)  # the name or the file the query is for
            before -= 1
        else:
            words.append(arg)
    return kept, words


def _command_index(argv: Sequence[str]) -> int | None:
    skip = False
    for i, arg in enumerate(argv):
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in TOP_VALUE_OPTIONS
        else:
            return i
    return None


def _long_option(arg: str, takes_value: frozenset[str]) -> bool:
    """Whether `arg` names (or uniquely abbreviates) an option that takes a value."""
    if arg in takes_value:
        return True
    found = [o for o in takes_value if o.startswith("--") and o.startswith(arg)]
    return len(found) == 1 and arg.startswith("--") and len(arg) > 2


def build_parser(
    commands: Mapping[str, Command], file_commands: Mapping[str, PathCommand]
) -> argparse.ArgumentParser:
    """The parser; each subcommand's function comes from `commands` (on an open library) or
    `file_commands` (on the library file), by name."""
    common = Parser(add_help=False)
    common.add_argument(
        "--library",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="library file (default: $LITMAN_LIBRARY, else the user data folder)",
    )
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=DEBUG)
    parser = Parser(
        prog="litman", description="A literature manager. With no command, opens the window."
    )
    parser.add_argument(
        "--library",
        metavar="PATH",
        default=None,
        help="library file (default: $LITMAN_LIBRARY, else the user data folder)",
    )
    parser.add_argument("--version", action="version", version=f"litman {__version__}")
    parser.add_argument("-v", "--debug", action="store_true", help=DEBUG)
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check this installation offscreen (import, search, BibTeX, window) and exit",
    )
    parser.add_argument(
        "--quit-after-show",
        action="store_true",
        help=argparse.SUPPRESS,  # for start-up timing: print 'shown N' once rows are painted
    )
    parser.set_defaults(command=None, read_only_cmd=False, path_func=None, standalone=None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(
        name: str, func: Command, help_: str, read_only: bool = False, json_flag: bool = False
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, parents=[common], help=help_, description=help_)
        p.set_defaults(func=func, read_only_cmd=read_only, path_func=None)
        if json_flag:
            p.add_argument("--json", action="store_true", help="print JSON")
        return p

    add(
        "init",
        commands["init"],
        "create the library if it has none (a shared database's tables: run by the role "
        "that is to own them), or upgrade an older one",
    )
    p = add("list", commands["list"], "list papers", json_flag=True, read_only=True)
    p.add_argument("--sort", choices=SORT_FIELDS, default="title")
    p.add_argument("--desc", action="store_true", help="descending order")
    p.add_argument(
        "--tag", metavar="TAG", help="only papers with this tag or one below it (its name whole)"
    )
    p.add_argument("--status", choices=[s.value for s in Status], help="only papers in it")
    p = add("show", commands["show"], "show one paper", json_flag=True, read_only=True)
    p.add_argument("paper", metavar="ID|CITEKEY")
    add("tags", commands["tags"], "tags with paper counts", json_flag=True, read_only=True)
    _add_tag_parser(add("tag", commands["tag"], "add, remove, rename or delete tags"))
    p = add("status", commands["status"], "set reading status")
    p.add_argument("status", choices=[s.value for s in Status])
    p.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    add("stats", commands["stats"], "totals by status and by tag", json_flag=True, read_only=True)
    import_help = _("import files ({0})").format(_read_help())
    p = add("import", commands["import"], import_help, json_flag=True)
    p.add_argument("files", nargs="*", metavar="FILE")
    p.add_argument("--seeds", action="store_true", help="import the bundled seed abstracts")
    p.add_argument(
        "--link",
        action="store_true",
        help="link PDFs where they are instead of copying them into the files folder",
    )
    p.add_argument(
        "--keyword-separator",
        default=",",
        metavar="SEP",
        help="what separates BibTeX keywords (default ',', as JabRef writes them)",
    )
    search_help = "fuzzy search (the query syntax is in the README and docs/user-guide.md)"
    p = add("search", commands["search"], search_help, json_flag=True, read_only=True)
    p.add_argument("query", nargs="*", metavar="QUERY")  # filled by split_query
    p.add_argument("--limit", type=int, default=20, help="at most N results (0: all)")
    labels = [registry.label(name) for name in registry.writer_names()]
    export_help = _("export {0}: everything, or what QUERY finds (tag:X ...)")
    export_help = export_help.format(_either(labels))
    p = add("export", commands["export"], export_help, read_only=True)
    suffixes = " ".join(dict.fromkeys(registry.suffix_of(n) for n in registry.writer_names()))
    p.add_argument("query", nargs="*", metavar="QUERY")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="file, or - for stdout")
    p.add_argument(
        "--format",
        choices=registry.writer_names(),
        help=_("the file format (default: from FILE's suffix, {0}; else bibtex)").format(suffixes),
    )
    p.add_argument(
        "--ascii",
        action="store_true",
        help='write LaTeX escapes ({\\"u}) instead of UTF-8, for classic BibTeX',
    )
    p.add_argument(
        "--utf8",
        action="store_true",
        help="keep every character as UTF-8 (biber, XeLaTeX); by default characters "
        "pdflatex cannot set are written in their LaTeX form",
    )

    _add_lookup_parsers(add, commands)
    editing.add_parsers(add, commands)
    trash.add_parsers(add, commands)
    attaching.add_parsers(add, commands)
    citing.add_parsers(add, commands)
    cleaning.add_parsers(add, commands)

    def add_file_command(
        name: str, func: PathCommand, help_: str, description: str
    ) -> argparse.ArgumentParser:
        """A command on the library file itself: it runs without opening the library."""
        p = sub.add_parser(name, parents=[common], help=help_, description=description)
        p.set_defaults(path_func=func)
        return p

    p = add_file_command(
        "backup",
        file_commands["backup"],
        "back up the library now (or --list the backups)",
        "Copy the library into the backups/ folder beside it.",
    )
    p.add_argument("--list", action="store_true", help="list the backups, newest first")
    p.add_argument("--json", action="store_true", help="print JSON (with --list)")
    p = add_file_command(
        "restore",
        file_commands["restore"],
        "restore the library from a backup (the newest good one by default)",
        "Put a backup in place of the library. The current file is kept first.",
    )
    p.add_argument("backup", nargs="?", metavar="BACKUP", help="file name from `backup --list`")
    p = sub.add_parser(
        "copy",
        help="copy a whole library into a new, empty one (a file or a shared database)",
        description="Copy every paper, tag, status, citekey and setting of SRC into DST, "
        "which must be empty (made when missing). Either may be a library file or a "
        "postgresql://user@host/database URL (the password from ~/.pgpass, a service "
        "file or the environment, never on the command line).",
    )
    p.add_argument("source", metavar="SRC")
    p.add_argument("target", metavar="DST")
    p.set_defaults(standalone=file_commands["copy"])
    add_file_command(
        "check",
        file_commands["check"],
        "check the library file for damage now (SQLite's full integrity check)",
        "Run SQLite's integrity check on the library, changing nothing. (litman also runs a "
        "quick check by itself the first time each day a command writes.)",
    )
    return parser


# The readable formats' names that are words, not names (BibTeX, RIS, CSL-JSON, PDF are
# names), as the window's Formats words are.
FORMAT_WORDS = (
    N_("abstracts"),
    N_("Zotero database"),
    N_("EndNote tagged (CNKI, Wanfang)"),
    N_("NoteExpress (CNKI, Wanfang)"),
)


def _read_help() -> str:
    """`registry.read_help()` in the user's language: `.txt abstracts, .bib BibTeX, ...`."""
    return _(", ").join(
        f"{r.suffix} {_(r.label.lower() if r.suffix == '.txt' else r.label)}"
        for r in registry.readers()
    )


def _either(words: list[str]) -> str:
    """`A, B or C`."""
    if len(words) < 2:
        return "".join(words)
    return _("{0} or {1}").format(", ".join(words[:-1]), words[-1])


def _add_lookup_parsers(
    add: Callable[..., argparse.ArgumentParser], commands: Mapping[str, Command]
) -> None:
    mailto = "your e-mail, sent to Crossref and OpenAlex as their polite pool asks "
    mailto += "(default: $LITMAN_CONTACT_EMAIL)"
    p = add(
        "add",
        commands["add"],
        "add papers by DOI, arXiv id or ISBN (looked up online)",
        json_flag=True,
    )
    p.add_argument("ids", nargs="+", metavar="ID", help="10.1000/xyz, doi:..., 2301.01234v2, ISBN")
    p.add_argument("--mailto", metavar="EMAIL", help=mailto)
    enrich_help = (
        "find the published record of papers with derived titles or no authors (or of what "
        "QUERY finds) by their abstracts, and show the candidates with scores"
    )
    p = add("enrich", commands["enrich"], enrich_help, json_flag=True)
    p.add_argument("query", nargs="*", metavar="QUERY")  # filled by split_query
    p.add_argument("--dry-run", action="store_true", help="show what would change; write nothing")
    p.add_argument(
        "--accept-above",
        type=_score,
        metavar="X",
        help="write each paper's best candidate when it scores X or more (0..1, e.g. 0.9)",
    )
    p.add_argument("--mailto", metavar="EMAIL", help=mailto)


def _score(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("'{0}' is not a number from 0 to 1").format(text)
        ) from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(_("{0} is not from 0 to 1").format(text))
    return value


def _add_tag_parser(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    said = {"add": N_("add a tag on papers"), "remove": N_("remove a tag on papers")}
    for name, help_ in said.items():
        a = actions.add_parser(name, help=help_)
        a.add_argument("tag")
        a.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    a = actions.add_parser("rename", help="rename a tag (onto an existing one: merge)")
    a.add_argument("old")
    a.add_argument("new")
    a = actions.add_parser("delete", help="delete a tag from every paper")
    a.add_argument("tag")
