"""Search in a library of which a third is Chinese: index build, per-keystroke CPU of Chinese,
Traditional, pinyin and Latin queries, and whether each finds its paper.

    .venv/bin/python benchmarks/bench_search_cjk.py [N]

Two thirds of the papers are the real corpus's (benchmarks/corpus.py); a third are Chinese,
composed from real Chinese words: pypinyin's phrase table (47k words that hold a
polyphonic character, so real words of every field), drawn with a Zipf law into titles of
research-paper shape (基于…的…研究) and abstracts of 80-200 words in sentences, with authors
of common surnames (compound ones too). Queries: a substring of 4-8 characters of a Chinese
title typed character by character, the same in Traditional characters (OpenCC's table),
its pinyin whole and its initials typed letter by letter, and three-word Latin title
queries as bench_search.py types them. Target on the 2-core reference machine: p95 <= 10
ms CPU per keystroke at 100k papers.
"""

import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_search import keystrokes, make_queries, pct
from benchmarks.corpus import OUT, papers
from litman.core import pinyin
from litman.core.library.facade import Library
from litman.core.records import NewPaper

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
COMPOUND = ["欧阳", "司马", "诸葛", "上官", "东方", "皇甫"]
SHAPES = ["基于{}的{}{}研究", "{}{}在{}中的应用", "{}与{}的{}分析", "面向{}的{}{}方法", "{}{}{}"]


def words() -> list[str]:
    from pypinyin.phrases_dict import phrases_dict

    return sorted(w for w in phrases_dict if 2 <= len(w) <= 4)


def zipf(rng: random.Random, vocab: list[str], k: int) -> list[str]:
    return [vocab[min(len(vocab) - 1, int(rng.paretovariate(1.07)) - 1)] for _ in range(k)]


def chinese_papers(n: int, seed: int = 11) -> Iterator[NewPaper]:
    rng = random.Random(seed)
    vocab = words()
    rng.shuffle(vocab)
    given = [c for w in vocab[:3000] for c in w]
    for _ in range(n):
        shape = rng.choice(SHAPES)
        title = shape.format(*zipf(rng, vocab, shape.count("{}")))
        sentences = []
        for _ in range(rng.randint(4, 10)):
            sentences.append("".join(zipf(rng, vocab, rng.randint(8, 20))) + "。")
        authors = []
        for _ in range(rng.randint(1, 5)):
            family = rng.choice(COMPOUND) if rng.random() < 0.02 else rng.choice(SURNAMES)
            authors.append(family + "".join(rng.choices(given, k=rng.randint(1, 2))))
        yield NewPaper(
            title=title,
            abstract="".join(sentences),
            authors=tuple(authors),
            year=rng.randint(1990, 2025),
            venue=rng.choice(["计算机学报", "软件学报", "自动化学报", "中国科学", "电子学报"]),
        )


def library(n: int) -> Path:
    OUT.mkdir(exist_ok=True)
    path = OUT / f"bench-cjk-{n}.sqlite"
    if path.exists():
        return path
    building = OUT / f"bench-cjk-{n}.building.sqlite"
    with Library.open(building, backup=False, daily=False) as lib:
        lib.papers.add_papers(list(papers(n - n // 3, 7)))
        lib.papers.add_papers(list(chinese_papers(n // 3)))
    building.replace(path)
    for left in OUT.glob(f"{building.name}*"):
        left.unlink()
    return path


def traditional(text: str) -> str:
    from importlib import resources

    data = resources.files("opencc") / "dictionary" / "STCharacters.txt"
    table = {}
    for line in data.read_text("utf-8").splitlines():
        simp, _, trad = line.partition("\t")
        if len(simp) == 1:
            table[ord(simp)] = trad.split()[0]
    return text.translate(table)


def chinese_queries(lib: Library, k: int, seed: int = 5) -> dict[str, list[tuple[str, int, bool]]]:
    """Per kind, (query, target paper id, False): substrings of Chinese titles."""
    rng = random.Random(seed)
    every = lib.list_ids("id")
    ids = every[len(every) - len(every) // 3 :]  # the Chinese papers were added last
    out: dict[str, list[tuple[str, int, bool]]] = {
        "simplified": [],
        "traditional": [],
        "pinyin": [],
        "initials": [],
    }
    while len(out["simplified"]) < k:
        pid = rng.choice(ids)
        title = lib.get(pid).title
        size = rng.randint(4, 8)
        if len(title) < size:
            continue
        at = rng.randrange(len(title) - size + 1)
        part = title[at : at + size]
        out["simplified"].append((part, pid, False))
        out["traditional"].append((traditional(part), pid, False))
        syllables = [r[0] for r in map(pinyin.readings, part) if r]
        out["pinyin"].append(("".join(syllables), pid, False))
        out["initials"].append(("".join(s[0] for s in syllables), pid, False))
    return out


def main(n: int = 100_000) -> None:
    path = library(n)
    lib = Library.open(path, backup=False, daily=False)
    t0, c0 = time.perf_counter(), time.process_time()
    lib.index.build()
    print(
        f"papers: {n}, of which {n // 3} Chinese; index build {time.perf_counter() - t0:.1f} s, "
        f"CPU {time.process_time() - c0:.1f} s"
    )
    kinds = chinese_queries(lib, 40)
    kinds["latin"] = make_queries(lib, 40)
    for kind, queries in kinds.items():
        rows = keystrokes(lib, queries)
        cpu = [r[2] for r in rows]
        found = [target in lib.search(q).ids[:10] for q, target, _ in queries]
        print(
            f"{kind:12} {len(rows):4} keystrokes: CPU p50 {statistics.median(cpu):.1f} ms, "
            f"p95 {pct(cpu, 95):.1f} ms, max {max(cpu):.1f} ms; "
            f"its paper in the first 10 for {sum(found)}/{len(found)}"
        )
    lib.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
