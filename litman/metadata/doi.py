"""DOI content negotiation: `https://doi.org/{doi}` asked for CSL-JSON
(`Accept: application/vnd.citationstyles.csl+json`), which Crossref, DataCite and mEDRA
all answer. Used for DOIs that Crossref's REST API does not hold (DataCite's, such as
arXiv's and Zenodo's)."""

import urllib.parse

from litman.core.records import NewPaper
from litman.metadata.base import Found
from litman.metadata.config import LookupConfig
from litman.metadata.errors import BadResponse, LookupFailed
from litman.metadata.identifiers import Identifier, Kind
from litman.metadata.net import CancelCheck, Channel, json_body
from litman.metadata.works import from_csl

NAME = "doi.org"
CSL_JSON = "application/vnd.citationstyles.csl+json"


class DoiSource:
    name = NAME
    kinds: frozenset[Kind] = frozenset({"doi"})
    searches = False

    def __init__(self, config: LookupConfig, channel: Channel) -> None:
        self.base = config.doi_url.rstrip("/")
        self.channel = channel

    def lookup(self, ident: Identifier, cancelled: CancelCheck) -> Found:
        url = f"{self.base}/{urllib.parse.quote(ident.value, safe='/:;()')}"

        def parse(body: bytes) -> NewPaper:
            paper = from_csl(json_body(body, NAME))
            if paper is None:
                raise BadResponse(f"{NAME} sent no CSL-JSON record for {ident}; nothing was used.")
            return paper

        return Found(NAME, self.channel.get(url, None, parse, CSL_JSON, cancelled))

    def search(self, text: str, rows: int, cancelled: CancelCheck) -> list[Found]:
        raise LookupFailed(f"{NAME} cannot search by text.")
