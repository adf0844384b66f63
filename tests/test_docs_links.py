"""The README and every page under docs/ link only to what exists: each relative link names a
file of the checkout, and each `#anchor` a heading of the page it points to (as GitHub makes
anchors from headings). The README stays short: what litman is, the two commands, a tour."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's anchors: lower-case, punctuation but `-` and `_` dropped, spaces as `-`."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    found = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or (anchor and file.suffix == ".md" and anchor not in anchors(file)):
            broken.append(target)
    assert broken == []


def test_the_readme_reads_in_two_minutes() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) < 200


def test_user_docs_name_no_internal_issue_numbers() -> None:
    named = [
        f"{page.name}: {line.strip()}"
        for page in PAGES
        for line in page.read_text(encoding="utf-8").splitlines()
        if re.search(r"\bissues? \d+", line, re.I)
    ]
    assert named == []
