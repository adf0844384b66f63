"""DOI content negotiation: `https://doi.org/{doi}` asked for CSL-JSON
(`Accept: application/vnd.citationstyles.csl+json`), which Crossref, DataCite and mEDRA
all answer. Used for DOIs that Crossref's REST API does not hold (DataCite's, such as
arXiv's and Zenodo's)."""

from litman.core.records import NewPaper
from litman.metadata.base import Found, WebSource
from litman.metadata.errors import BadResponse, LookupFailed
from litman.metadata.identifiers import Identifier, doi_in_path
from litman.metadata.net import CancelCheck, json_body
from litman.metadata.works import from_csl

NAME = "doi.org"
CSL_JSON = "application/vnd.citationstyles.csl+json"


class DoiSource(WebSource, name=NAME, kinds={"doi"}, searches=False, url_setting="doi_url"):
    def lookup(self, ident: Identifier, cancelled: CancelCheck) -> Found:
        url = f"{self.base}/{doi_in_path(ident.value)}"

        def parse(body: bytes) -> NewPaper:
            paper = from_csl(json_body(body, NAME))
            if paper is None:
                raise BadResponse(f"{NAME} sent no CSL-JSON record for {ident}; nothing was used.")
            return paper

        return Found(NAME, self.channel.get(url, None, parse, CSL_JSON, cancelled))

    def search(self, text: str, rows: int, cancelled: CancelCheck) -> list[Found]:
        raise LookupFailed(f"{NAME} cannot search by text.")
