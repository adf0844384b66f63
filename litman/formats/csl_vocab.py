"""CSL's vocabulary as litman maps it: item types to BibTeX entry types and back, the CSL
variables that are BibTeX fields, the name variables, and the genres a thesis or report is
written with. One table each, read by `litman.formats.csljson`.
"""

READ_TYPES = {
    "article-journal": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "book": "book",
    "chapter": "incollection",
    "paper-conference": "inproceedings",
    "thesis": "phdthesis",
    "report": "techreport",
    "manuscript": "unpublished",
    "pamphlet": "booklet",
    "webpage": "online",
    "article": "misc",
}
WRITE_TYPES = {
    "article": "article-journal",
    "book": "book",
    "incollection": "chapter",
    "inbook": "chapter",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "proceedings": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",  # biblatex's, with its `type`
    "techreport": "report",
    "report": "report",  # biblatex's
    "unpublished": "manuscript",
    "booklet": "pamphlet",
    "online": "webpage",
    "misc": "article",
}
# CSL variables that are BibTeX fields litman keeps in `extra`.
FIELD_VARS = {
    "volume": "volume",
    "issue": "number",
    "page": "pages",
    "publisher": "publisher",
    "publisher-place": "address",
    "ISSN": "issn",
    "ISBN": "isbn",
    "edition": "edition",
    "collection-title": "series",
    "language": "language",
    "container-title-short": "shortjournal",
    "genre": "type",
    "accessed": "urldate",
}
VAR_OF_FIELD = {v: k for k, v in FIELD_VARS.items()}
# A report's `number` is its report number (CSL `number`); an article's is its issue.
NUMBERED = frozenset({"techreport", "report"})
# Types whose venue is who published them (a university, an institute), not a container.
PUBLISHER_VENUE = frozenset(
    {"book", "phdthesis", "mastersthesis", "techreport", "thesis", "report"}
)
# A thesis's or report's genre when its `type` field does not name one; biblatex's type keys
# (`type = {phdthesis}`) as the words they print.
GENRES = {
    "mastersthesis": "Master's thesis",
    "phdthesis": "PhD thesis",
    "mathesis": "Master's thesis",
    "candthesis": "Candidate thesis",
    "techreport": "Technical report",
    "resreport": "Research report",
}
DATE_VARS = frozenset({"accessed", "issued", "event-date", "original-date", "submitted"})
NAME_VARS = frozenset(
    """author editor translator container-author collection-editor composer director
    editorial-director interviewer illustrator original-author recipient reviewed-author
    chair compiler contributor curator executive-producer guest host narrator organizer
    performer producer script-writer series-creator""".split()
)
CSL_VARIABLES = (
    frozenset(
        """accessed archive archive_location archive-place authority call-number
        chapter-number citation-label collection-number container-title-short dimensions
        event event-date event-place event-title genre medium number number-of-pages
        number-of-volumes original-date original-publisher original-title PMCID PMID
        references reviewed-title scale section source status submitted title-short
        version year-suffix volume-title part-number supplement-number available-date
        division jurisdiction license""".split()
    )
    | NAME_VARS
)
