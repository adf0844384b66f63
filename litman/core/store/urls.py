"""Whether a `--library` value names a shared library in a database: told from its text
alone, so that opening a library file never loads the PostgreSQL driver (psycopg's import
cost every command 0.05 s of CPU).

A shared library is named the three ways every PostgreSQL client names a database: a URL
(`postgresql://alice@labdb/refs`), a libpq connection string (`host=labdb dbname=refs
user=alice`) or a service (`service=lab`). A connection string starts with a keyword and
`=`; a path to a library file never does in practice, and a file left by an older litman
that took `service=lab` for a file name is no reason to keep doing so.
"""

import re

SCHEMES = ("postgresql", "postgres")
_KEYWORD = re.compile(r"\s*[A-Za-z_]+\s*=")


def is_url(where: object) -> bool:
    """Whether a --library value is a PostgreSQL URL."""
    text_ = str(where)
    return any(text_.startswith(f"{s}://") or text_.startswith(f"{s}+") for s in SCHEMES)


def is_connection_string(where: object) -> bool:
    """Whether a --library value is a libpq connection string (`key=value ...`)."""
    return _KEYWORD.match(str(where)) is not None


def is_shared(where: object) -> bool:
    """Whether a --library value names a PostgreSQL database rather than a file."""
    return is_url(where) or is_connection_string(where)
