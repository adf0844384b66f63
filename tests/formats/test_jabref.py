"""JabRef's groups: static groups' members get the tag of the group's path, keyword groups on
`keywords` are the tags they name, and the `jabref-meta` blocks, `groups` and `file` fields
come back from an export as they were read. Real files are JabRef's own (tests/data/bib-real,
see its SOURCES.md) and Better BibTeX's JabRef fixtures from ../shared/corpora."""

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from litman import app
from litman.core.library.facade import Library
from litman.formats import bibtex, jabref
from litman.formats.bibtex_fields import RAW
from tests.conftest import ROOT, corpora_dir

REAL = ROOT / "tests" / "data" / "bib-real"
GROUPS_97 = "Maintain_the_JabRef_group_and_subgroup_structure_when_importing_a_BibTeX_db_97.bib"

TREE = r"""@Comment{jabref-meta: grouping:
0 AllEntriesGroup:;
1 StaticGroup:Topics\;0\;1\;\;\;\;;
2 StaticGroup:Bandits\;0\;1\;0x8a8a8aff\;\;\;;
2 StaticGroup:Semi\\\;colon\;0\;1\;\;\;\;;
1 KeywordGroup:Deep\;0\;keywords\;deep learning\;0\;0\;1\;\;\;\;;
1 SearchGroup:Recent\;0\;year >= 2020\;0\;1\;1\;\;\;\;;
1 StaticGroup:Used\;0\;1\;\;\;\;;
}"""

BIB = (
    "@article{a, title = {A}, groups = {Bandits}, file = {:a.pdf:PDF}}\n"
    "@article{b, title = {B}, groups = {Used, Semi;colon}, keywords = {deep learning}}\n"
    "@article{c, title = {C}, groups = {Gone}}\n\n" + TREE + "\n"
)


def _imported(tmp_path: Path, text: str = BIB, name: str = "j.bib") -> Library:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    lib = Library.open(tmp_path / "lib.sqlite")
    app.import_files(lib, [source])
    return lib


def _tags(lib: Library) -> dict[str, tuple[str, ...]]:
    return {p.citekey: tuple(sorted(p.tags)) for p in lib.list_papers("citekey")}


def _export(lib: Library, tmp_path: Path) -> str:
    out = tmp_path / "out.bib"
    bibtex.export(lib.list_papers("citekey"), out, blocks=lib.kept_blocks())
    return out.read_text(encoding="utf-8")


def test_split_takes_off_one_level_of_quoting() -> None:
    assert jabref.split(r"a\;b;c\\;d;") == ["a;b", "c\\", "d"]


def test_the_tree_gives_each_group_its_path() -> None:
    groups = jabref.groups_of([("comment", TREE)])
    assert [(g.tag, g.kind) for g in groups] == [
        ("Topics", "StaticGroup"),
        ("Topics > Bandits", "StaticGroup"),
        ("Topics > Semi;colon", "StaticGroup"),
        ("Deep", "KeywordGroup"),
        ("Recent", "SearchGroup"),
        ("Used", "StaticGroup"),
    ]
    assert groups[3].keyword() == "deep learning"


def test_static_groups_members_get_the_groups_path_as_tag(tmp_path: Path) -> None:
    with _imported(tmp_path) as lib:
        assert _tags(lib) == {
            "a": ("Topics > Bandits",),
            "b": ("Topics > Semi;colon", "Used", "deep learning"),
            "c": (),
        }


def test_a_group_that_is_not_a_tag_is_said(tmp_path: Path) -> None:
    (tmp_path / "j.bib").write_text(BIB, encoding="utf-8")
    warnings = bibtex.read(tmp_path / "j.bib").warnings
    said = [w for w in warnings if "JabRef group" in w]
    assert len(said) == 1 and "'Recent' (SearchGroup)" in said[0]


def test_the_groups_and_file_fields_and_blocks_come_back_as_read(tmp_path: Path) -> None:
    with _imported(tmp_path) as lib:
        text = _export(lib, tmp_path)
    assert TREE in text
    assert "groups = {Bandits}" in text and "groups = {Used, Semi;colon}" in text
    assert "groups = {Gone}" in text and "file = {:a.pdf:PDF}" in text
    assert "keywords = {deep learning}" in text and text.replace(TREE, "").count("keywords") == 1


def test_an_edited_membership_is_written_to_the_groups_field(tmp_path: Path) -> None:
    with _imported(tmp_path) as lib:
        ids = {p.citekey: p.id for p in lib.list_papers()}
        lib.tags.remove_tag("Used", [ids["b"]])
        lib.tags.add_tag("Topics > Bandits", [ids["c"]])
        text = _export(lib, tmp_path)
    assert "groups = {Semi;colon}" in text
    assert "groups = {Gone, Bandits}" in text
    assert "Topics" not in text.replace(TREE, "")  # no group's tag went to `keywords`


def test_a_real_jabref_file_round_trips_its_groups(tmp_path: Path) -> None:
    source = REAL / "BBT_does_not_import_groups_from_JabRef_5.1_1641.bib"
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [source])
        tagged = [p for p in lib.list_papers() if "Ecology_and_Power" in p.tags]
        text = _export(lib, tmp_path)
    src = source.read_text(encoding="utf-8")
    assert len(tagged) == src.count("Ecology_and_Power") - 1  # less the tree's own line
    for meta in re.findall(r"(?m)^@Comment\{jabref-meta:[^}]*\}", src):
        assert meta in text
    assert sorted(_fields("groups", text)) == sorted(_fields("groups", src))
    assert sorted(_fields("file", text)) == sorted(_fields("file", src))
    assert sorted(_fields("keywords", text)) == sorted(_fields("keywords", src))


def _fields(name: str, text: str) -> list[str]:
    return re.findall(rf"(?m)^\s*{name}\s*=\s*\{{(.*)\}},?$", text)


def test_chocolate_keeps_its_groups_and_keyword_groups_stay_jabrefs(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib.sqlite") as lib:
        reports = app.import_files(lib, [REAL / "Chocolate.bib"])
        assert {t for p in lib.list_papers() for t in p.tags} == {"Used"}
        text = _export(lib, tmp_path)
    said = [w for r in reports for w in r.warnings if "JabRef group" in w]
    assert len(said) == 5  # three search groups, two keyword groups on `readstatus`
    src = (REAL / "Chocolate.bib").read_text(encoding="utf-8")
    grouping = src[src.index("@Comment{jabref-meta: grouping:") :].split("\n}\n")[0]
    assert grouping in text


def test_legacy_trees_list_their_members(tmp_path: Path) -> None:
    source = corpora_dir("bib", "edge", "bbt-import", "Jabref_import_-_groups_lost_1730-3.bib")
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [source])
        assert _tags(lib)["Venkateshaiah2020"] == ("Group1 > Group1a", "Group2")
        text = _export(lib, tmp_path)
    assert "keywords" not in text and "groups =" not in text  # the tree lists them


@pytest.mark.slow
def test_a_wrapped_legacy_tree_is_joined(tmp_path: Path) -> None:
    source = corpora_dir("bib", "real", "bbt-user-reports") / GROUPS_97
    papers = {p.citekey: p for p in bibtex.read(source).papers}
    assert "Cu2O" in papers["Agekyan_1975_B"].tags  # written as `Ag` / `ekyan_1975_B`


def test_a_keyword_named_as_a_group_stays_a_keyword(tmp_path: Path) -> None:
    tree = (
        "@comment{jabref-meta: groupstree:\n0 AllEntriesGroup:;\n1 ExplicitGroup:G\\;0\\;a\\;;\n}"
    )
    text = (
        "@article{a, title={A}, keywords = {G, x}}\n@article{b, title={B}, keywords = {g}}\n"
        "@article{c, title={C}, groups = {G}}\n" + tree + "\n"
    )
    with _imported(tmp_path, text) as lib:
        out = _export(lib, tmp_path)
    assert sorted(_fields("keywords", out)) == ["G, x", "g"]
    assert _fields("groups", out) == ["G"]  # c's: b, only named like it, did not join G


@pytest.mark.slow
def test_a_real_files_keywords_named_as_groups_come_back(tmp_path: Path) -> None:
    source = corpora_dir("bib", "real", "bbt-user-reports") / GROUPS_97
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [source])
        text = _export(lib, tmp_path)
    assert _keywords(text) == _keywords(source.read_text(encoding="utf-8", errors="replace"))
    assert "groups =" not in text  # the tree lists its members


def _keywords(text: str) -> dict[str, str]:
    return {p.citekey: p.extra.get(RAW + "keywords", "") for p in bibtex.parse(text)[0]}


def test_a_legacy_groups_new_member_goes_to_the_groups_field(tmp_path: Path) -> None:
    tree = (
        "@comment{jabref-meta: groupstree:\n0 AllEntriesGroup:;\n1 ExplicitGroup:G\\;0\\;a\\;;\n}"
    )
    text = "@article{a, title={A}}\n@article{b, title={B}}\n" + tree + "\n"
    with _imported(tmp_path, text) as lib:
        assert _tags(lib) == {"a": ("G",), "b": ()}
        lib.tags.add_tag("G", [p.id for p in lib.list_papers() if p.citekey == "b"])
        out = _export(lib, tmp_path)
    assert tree in out and out.count("groups = {G}") == 1 and "keywords" not in out


@pytest.mark.parametrize(
    "tree",
    [
        "1 StaticGroup:x\\;0\\;1;\n99999999999999999999999 StaticGroup:y\\;0;",
        "".join(f"{n} StaticGroup:g{n}\\;0;\n" for n in range(1, 200)),
        "x StaticGroup:a;\n1 :;\n1 StaticGroup;\n1 StaticGroup:;\n\\",
    ],
)
def test_a_hostile_tree_imports_cleanly(tmp_path: Path, tree: str) -> None:
    text = "@article{a, groups = {x, y, g150}}\n@comment{jabref-meta: grouping:\n" + tree + "\n}\n"
    with _imported(tmp_path, text) as lib:
        tags = _tags(lib)["a"]
        _export(lib, tmp_path)
    assert all(t.count(" > ") < jabref.MAX_DEPTH for t in tags)


@given(st.text(max_size=300))
def test_fuzz_any_tree_text_is_read_without_error(text: str) -> None:
    blocks = [("comment", "@comment{jabref-meta: grouping:" + text + "}")]
    groups = jabref.groups_of(blocks)
    assert all(all(g.path) and len(g.path) <= jabref.MAX_DEPTH for g in groups)
