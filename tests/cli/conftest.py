"""Fixtures the command's tests share."""

from pathlib import Path

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper


@pytest.fixture
def one(tmp_path: Path) -> Path:
    """A library file holding one paper, "Walrus embeddings", tagged zoo."""
    path = tmp_path / "lib.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_papers([NewPaper(title="Walrus embeddings", tags=("zoo",))])
    return path
