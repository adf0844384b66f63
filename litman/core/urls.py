"""Whether a `--library` value names a shared library in a database: told from its text
alone, so that opening a library file never loads the PostgreSQL driver (psycopg's import
cost every command 0.05 s of CPU)."""

SCHEMES = ("postgresql", "postgres")


def is_url(where: object) -> bool:
    """Whether a --library value names a PostgreSQL database rather than a file."""
    text_ = str(where)
    return any(text_.startswith(f"{s}://") or text_.startswith(f"{s}+") for s in SCHEMES)
