"""Where a paper's row or a column is in the window's table, for a test that needs it there:
the model answers None for one it does not show, which fails here with what was missing."""

from litman.gui.table.models.papers import PaperTableModel


def row_of(model: PaperTableModel, pid: int) -> int:
    row = model.row_of(pid)
    assert row is not None, f"paper {pid} is not in the table"
    return row


def column_of(model: PaperTableModel, key: str) -> int:
    column = model.column_of(key)
    assert column is not None, f"no column {key!r} in the table"
    return column
