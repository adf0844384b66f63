"""Citation keys by the library's pattern (JabRef's notation): what each field and modifier
makes, a pattern litman cannot read refused when set, new papers keyed by it while keys
given stay, and `regenerate` one undoable change with JabRef's a, b suffixes."""

from pathlib import Path

import pytest

from litman.core.library import key_patterns
from litman.core.library.facade import Library
from litman.core.library.key_patterns import PatternError
from litman.core.records import NewPaper

THREE = ("Müller, Hans", "Doe, Jane", "Roe, Richard")
TITLE = "On the Neural Collapse of Deep Nets"


@pytest.mark.parametrize(
    ("pattern", "authors", "key"),
    [
        ("[auth][year]", THREE, "Muller2020"),
        ("[auth:lower][year][shorttitle]", THREE, "muller2020NeuralCollapseDeep"),
        ("[authEtAl][year]", THREE, "MullerEtAl2020"),
        ("[authEtAl]", THREE[:2], "MullerDoe"),
        ("[auth.etal]", THREE, "Muller.etal"),
        ("[authors2]", THREE, "MullerDoeEtAl"),
        ("[auth3]_[shortyear]", THREE, "Mul_20"),
        ("[authorIni]", THREE, "MullerDR"),
        ("[veryshorttitle:lower]", THREE, "neural"),
        ("[title:abbr]", THREE, "NCDN"),
        ("[camel]", (), "OnTheNeuralCollapseOfDeepNets"),
        ("[auth:upper]-[year]", ("Иванов, Иван",), "IVANOV-2020"),
        ("[auth][year]", ("de la Fontaine, Jean",), "delaFontaine2020"),
        ("", THREE, "muller2020neural"),
    ],
)
def test_pattern_makes_key(pattern: str, authors: tuple[str, ...], key: str) -> None:
    assert key_patterns.key(pattern, authors, 2020, TITLE) == key


@pytest.mark.parametrize(
    ("pattern", "said"),
    [("[foo]", "unknown field [foo]"), ("[auth", "unmatched '['"), ("[auth:x]", "modifier :x")],
)
def test_a_pattern_litman_cannot_read_is_refused(library: Library, pattern: str, said: str) -> None:
    with pytest.raises(PatternError, match=said.replace("[", r"\[")):
        library.citekey_rule.set_pattern(pattern)
    assert library.citekey_rule.pattern() == ""


def test_new_papers_get_keys_by_the_pattern_and_given_keys_stay(library: Library) -> None:
    library.citekey_rule.set_pattern("[auth][year]")
    library.papers.add_papers(
        [
            NewPaper(title="A", authors=("Doe, Jane",), year=2020),
            NewPaper(title="B", authors=("Doe, Jane",), year=2020),
            NewPaper(title="C", authors=("Doe, Jane",), year=2020, citekey="mine"),
        ]
    )
    assert sorted(p.citekey for p in library.list_papers()) == ["Doe2020", "Doe2020a", "mine"]


def test_regenerate_is_one_undoable_change(library: Library) -> None:
    library.papers.add_papers(
        [
            NewPaper(title="Alpha", authors=("Doe, Jane",), year=2020, citekey="typed"),
            NewPaper(title="Beta", authors=("Doe, Jane",), year=2021, citekey="read"),
        ]
    )
    ids = library.list_ids()
    planned = library.citekey_rule.plan(ids, "[auth:lower][year]")
    assert {(r.old, r.new) for r in planned} == {("typed", "doe2020"), ("read", "doe2021")}
    assert sorted(p.citekey for p in library.list_papers()) == ["read", "typed"]  # a plan only
    changes = library.citekey_rule.regenerate(ids, "[auth:lower][year]")
    assert sorted(p.citekey for p in library.list_papers()) == ["doe2020", "doe2021"]
    library.undo(changes)
    assert sorted(p.citekey for p in library.list_papers()) == ["read", "typed"]


def test_regenerated_keys_never_swap_into_each_other(library: Library) -> None:
    library.papers.add_papers(
        [
            NewPaper(title="A", authors=("Doe, Jane",), year=2020, citekey="Doe2020a"),
            NewPaper(title="B", authors=("Doe, Jane",), year=2020, citekey="Doe2020"),
        ]
    )
    library.citekey_rule.regenerate(library.list_ids(), "[auth][year]")
    keys = [p.citekey for p in library.list_papers()]
    assert len(set(k.casefold() for k in keys)) == 2 and set(keys) <= {"Doe2020", "Doe2020a"}


def test_an_old_key_still_finds_its_paper(library: Library) -> None:
    (pid,) = library.papers.add_papers(
        [NewPaper(title="A", authors=("Doe, J",), year=2020, citekey="t")]
    ).added
    library.citekey_rule.regenerate([pid], "[auth][year]")
    assert library.get(pid).citekey == "Doe2020"
    assert library.resolve("t") == pid and library.resolve("Doe2020") == pid


def test_keys_read_from_a_bib_file_or_typed_are_pinned_and_not_regenerated(
    library: Library, tmp_path: Path
) -> None:
    from litman import app

    bib = tmp_path / "in.bib"
    bib.write_text("@article{fromfile, title = {Gamma}, author = {Doe, Jane}, year = 2022}\n")
    app.import_files(library, [bib])
    made, typed = library.papers.add_papers(
        [
            NewPaper(title="Alpha", authors=("Roe, Ann",), year=2020),
            NewPaper(title="Beta", authors=("Roe, Ann",), year=2021),
        ]
    ).added
    library.papers.update_paper(typed, citekey="mine")
    ids = library.list_ids()
    read = library.get_by_citekey("fromfile").id
    assert sorted(library.citekey_rule.pinned(ids)) == sorted([read, typed])
    planned = library.citekey_rule.plan(ids, "[auth:lower][year]")
    assert [(r.paper_id, r.new) for r in planned] == [(made, "roe2020")]
    library.citekey_rule.regenerate(ids, "[auth:lower][year]")
    assert {p.citekey for p in library.list_papers()} == {"fromfile", "mine", "roe2020"}


def test_unpinning_lets_a_key_be_regenerated_and_is_undoable(library: Library) -> None:
    pid = library.papers.add_paper(NewPaper(title="Alpha", authors=("Roe, Ann",), year=2020))
    library.papers.update_paper(pid, citekey="mine")
    assert library.citekey_rule.plan([pid], "[auth:lower][year]") == []
    changes = library.citekey_rule.pin([pid], False)
    assert [r.new for r in library.citekey_rule.plan([pid], "[auth:lower][year]")] == ["roe2020"]
    library.undo(changes)
    assert library.citekey_rule.pinned([pid]) == [pid]
