"""Realistic synthetic libraries for benchmarks and quality tests.

Words follow a Zipf law over a vocabulary of 60k: the head is the bundled seed abstracts'
own words (stop words included) in their real order of frequency, the tail is made-up
technical words built from syllables. Abstracts run 150-250 words in sentences, a fifth of
them with LaTeX (`\\emph{}`, `\\textit{}`, inline math, `--` ranges, TeX quotes); authors
(1-8) come from several hundred real-looking names, non-ASCII ones among them; years,
venues and hierarchical tags are drawn with a fixed seed so every run measures the same
library. `CORPUS` says all this in one line, for printing beside every figure.
"""

import random
import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from litman.core.records import NewPaper

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = 60_000
ZIPF_S = 1.07  # word frequencies in English text: rank r has weight 1 / r^s, s close to 1
LATEX_SHARE = 0.2
CORPUS = (
    f"corpus: synthetic v2, Zipf (s={ZIPF_S}) vocabulary of {VOCABULARY // 1000}k words, "
    f"150-250-word abstracts, LaTeX in {LATEX_SHARE:.0%} of them, 1-8 authors of "
    "~180x180 names"
)
TAG = "v2"  # in the cached file name: a new corpus is a new file

FIRST = (
    "Anna Łukasz José Zoë Wei Priya Søren Ahmed Chloé Jürgen Yuki Olga Mateo Ngozi Björn "
    "Fatima Luca Sinéad Tomás Mei Aarav Abigail Adrián Aiko Akira Alejandro Aleksandr Alice "
    "Amara Amir Ana Andrea Andrei Anh Antoine Arjun Astrid Aylin Beatriz Benjamin Bogdan "
    "Camila Carlos Carmen Catalina Charlotte Chen Chiara Chidi Daniel Daniela David Deepika "
    "Diego Dmitri Elena Elif Elijah Emily Emma Enzo Erik Esther Ethan Eun-ji Farah Felipe "
    "Fernando Freya Gabriel Giulia Grace Guillaume Hana Hannah Haruto Hassan Helena Hiroshi "
    "Hugo Ibrahim Ilse Ingrid Isabel Ivan Jakob James Jana Javier Jia Jin Joanna Johan "
    "Jonas Jorge Julia Kai Kamal Karim Katarzyna Kenji Khadija Kofi Lars Laura Leila Lena "
    "Leon Li Liam Lin Lucía Magnus Maja María Mariam Marta Martín Maryam Matteo Maxime "
    "Mehmet Mia Miguel Mikael Ming Mohammed Nadia Naomi Nathan Nikhil Nina Noah Nora "
    "Oliver Omar Oscar Pablo Paolo Pedro Peter Pierre Qiang Rafael Rahul Ravi Rin Rosa "
    "Ruth Sakura Samuel Santiago Sara Sebastian Seo-yeon Sergei Shreya Simone Sofia Stefan "
    "Sven Takeshi Tariq Thabo Thomas Tiago Valentina Vikram Wanjiru Xin Yan Yasmin Yusuf "
    "Zainab Zhen Zofia Ørjan Émile Ðorđe Ümit Şebnem Ñusta"
).split()
_LAST = (
    "Müller Kowalski García Nakamura Smith Øvergaard Dubois Chen Papadopoulos Íñiguez Novák "
    "Okafor Rossi Kim Schröder Patel Lefèvre Andersson Haddad Zhang Fernández Ivanova "
    "Brown Abe Adeyemi Agarwal Ahn Alvarez Anderson Bach Bailey Baker Banerjee Bauer Becker "
    "Bell Bernard Bianchi Bose Brandt Bruno Carter Castillo Chatterjee Cho Choi Clark "
    "Collins Costa Cruz Da_Silva Das Davies Dias Diaz Dimitrov Dong Eriksson Evans Farouk "
    "Ferrari Fischer Fontaine Fujita Gallo Gao Garnier Ghosh Gomes González Gupta Hansen "
    "Hashimoto Hernández Hoffmann Horvat Hu Huang Ibrahim Inoue Ito Jackson Jansen Jensen "
    "Johansson Jones Joshi Kaur Kaya Keller Khan Klein Kobayashi Koch Kovačević Krause "
    "Kumar Kuznetsov Lambert Larsen Lee Lehmann Li Lin Liu Lopez Ma Martin Martínez Meyer "
    "Mishra Moreau Moreno Mori Morozov Murphy Nguyen Nielsen Nowak Ortiz Pavlović Peña "
    "Pereira Petrov Popescu Quispe Rahman Ramírez Reddy Richter Rodríguez Romero Russo "
    "Saito Sánchez Santos Sato Schmidt Schneider Sharma Silva Singh Sokolov Suzuki Takahashi "
    "Tanaka Taylor Thomas Torres Tran Vasquez Vogel Volkov Wagner Walker Wang Watanabe "
    "Weber Williams Wilson Wong Wu Xu Yamamoto Yang Yilmaz Yoshida Zhao Zhou Zieliński "
    "Ó_Briain Çelik Đorđević Ångström Łęcki Šimek"
)
LAST = [name.replace("_", " ") for name in _LAST.split()]
VENUES = (
    "NeurIPS|ICML|ICLR|JMLR|AISTATS|COLT|UAI|TMLR|AAAI|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|KDD|"
    "WWW|SIGIR|IJCAI|Nature|Science|PNAS|Annals of Statistics|Biometrika|IEEE TPAMI|"
    "Machine Learning|Neural Computation|Journal of the Royal Statistical Society|"
    "SIAM Journal on Optimization|Mathematical Programming|Physical Review Letters|"
    "Bioinformatics|The Lancet|arXiv preprint|Operations Research|Econometrica"
).split("|")
AREAS = {
    "Optimization": ["Non-Convex", "Stochastic", "Convex", "Large Scale"],
    "Deep Learning": ["Theory", "Large Language Models", "Graph Neural Networks"],
    "Reinforcement Learning": ["Batch/Offline", "Online", "Multi-agent"],
    "Probabilistic Methods": ["Monte Carlo and Sampling Methods", "Variational Inference"],
    "Social Aspects": ["Privacy", "Fairness"],
}
ONSETS = "b c d f g h k l m n p r s t v z br cr dr fl gr kl pl pr sk st str tr th ch sh".split()
VOWELS = "a e i o u ae ia io ou y".split()
CODAS = ["", "", "n", "r", "s", "l", "m", "x", "nt", "rt", "st", "ct"]
SUFFIXES = "ation ity ive ism al ic ous ness ment ize able ing ed er ogy ics".split()
STOP = set(
    "a an the of on in for and or to with from by at as is are be we our this that "
    "which these such their it its can not also than into".split()
)


@lru_cache(maxsize=1)
def vocabulary() -> tuple[list[str], list[float]]:
    """The words by rank and their cumulative Zipf weights."""
    text = " ".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "seeds").glob("*.txt")))
    counts = Counter(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]|[A-Za-z]", text))
    words = [w for w, _ in counts.most_common() if len(w) > 1 or w == "a"]
    seen = set(words)
    rng = random.Random(42)
    while len(words) < VOCABULARY:
        word = "".join(
            rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS)
            for _ in range(rng.choice((1, 2, 2, 3)))
        )
        if rng.random() < 0.4:
            word += rng.choice(SUFFIXES)
        if len(word) >= 3 and word not in seen:
            seen.add(word)
            words.append(word)
    weights = list(accumulate(1 / r**ZIPF_S for r in range(1, len(words) + 1)))
    return words, weights


def _latex(rng: random.Random, words: list[str]) -> list[str]:
    """Some of an abstract's words wrapped in the LaTeX that real abstracts hold."""
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(words) - 2)
        kind = rng.randrange(5)
        if kind == 0:
            words[i : i + 2] = [f"\\emph{{{words[i]} {words[i + 1]}}}"]
        elif kind == 1:
            words[i] = f"\\textit{{{words[i]}}}"
        elif kind == 2:
            words[i] = rng.choice([r"$\mathcal{O}(n \log n)$", "$x_i$", r"$\epsilon$-optimal"])
        elif kind == 3:
            words[i] = f"{rng.randint(1, 20)}--{rng.randint(21, 90)}"
        else:
            words[i : i + 2] = [f"``{words[i]} {words[i + 1]}''"]
    return words


def abstract(rng: random.Random) -> str:
    words, cum = vocabulary()
    out = rng.choices(words, cum_weights=cum, k=rng.randint(150, 250))
    start = 0
    while start < len(out):  # sentences of 10-28 words
        out[start] = out[start].capitalize()
        start += rng.randint(10, 28)
        out[min(start, len(out)) - 1] += "."
    if rng.random() < LATEX_SHARE:
        out = _latex(rng, out)
    return " ".join(out)


def title(rng: random.Random) -> str:
    words, cum = vocabulary()
    chosen: list[str] = []
    while len(chosen) < rng.randint(4, 12):
        w = rng.choices(words, cum_weights=cum)[0]
        if w not in STOP and w not in chosen:
            chosen.append(w)
    return " ".join(chosen).capitalize()


def _author(rng: random.Random) -> str:
    return f"{rng.choice(LAST)}, {rng.choice(FIRST)}"


def papers(n: int, seed: int = 7) -> Iterator[NewPaper]:
    rng = random.Random(seed)
    for _ in range(n):
        area = rng.choice(list(AREAS))
        tags: tuple[str, ...] = (
            (f"{area} > {rng.choice(AREAS[area])}",) if rng.random() < 0.7 else ()
        )
        if rng.random() < 0.2:
            tags += ("to read",)
        yield NewPaper(
            title=title(rng),
            abstract=abstract(rng),
            authors=tuple(_author(rng) for _ in range(rng.choice((1, 2, 2, 3, 3, 4, 5, 8)))),
            year=rng.randint(1995, 2026),
            venue=rng.choice(VENUES),
            entry_type=rng.choice(["article", "inproceedings"]),
            tags=tags,
        )
