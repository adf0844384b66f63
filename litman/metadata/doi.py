"""DOI content negotiation: `https://doi.org/{doi}` asked for CSL-JSON
(`Accept: application/vnd.citationstyles.csl+json`), which Crossref, DataCite and mEDRA
all answer. Used for DOIs that Crossref's REST API does not hold (DataCite's, such as
arXiv's and Zenodo's).

doi.org answers by redirecting to the DOI's registration agency (`api.crossref.org`,
`api.datacite.org`, `data.medra.org`, JaLC's) or to its own `citation.doi.org`, so those
hops are followed, over HTTPS only. An agency without content negotiation has doi.org send
the request to the publisher's landing page, an HTML page and not a record: that hop is not
followed (nothing goes to the publisher), the lookup says so and goes on to OpenAlex."""

from litman.core.records import NewPaper
from litman.metadata.base import Found, WebSource
from litman.metadata.errors import BadResponse, LookupFailed
from litman.metadata.identifiers import Identifier, doi_in_path
from litman.metadata.net import CancelCheck, json_body
from litman.metadata.works import from_csl

NAME = "doi.org"
CSL_JSON = "application/vnd.citationstyles.csl+json"


# The registration agencies doi.org hands content negotiation to (crosscite.org's list).
# doi.org itself answers for some (citation.doi.org).
AGENCIES = {"doi.org", "crossref.org", "datacite.org", "medra.org", "jalc.org"}
AGENCIES |= {"japanlinkcenter.org"}


class DoiSource(
    WebSource, name=NAME, kinds={"doi"}, searches=False, url_setting="doi_url", follows=AGENCIES
):
    def lookup(self, ident: Identifier, cancelled: CancelCheck) -> Found:
        url = f"{self.base}/{doi_in_path(ident.value)}"

        def parse(body: bytes) -> NewPaper:
            paper = from_csl(json_body(body, NAME))
            if paper is None:
                raise BadResponse(f"{NAME} sent no CSL-JSON record for {ident}; nothing was used.")
            return paper

        return Found(NAME, self.channel.get(url, None, parse, CSL_JSON, cancelled, self.follows))

    def search(self, text: str, rows: int, cancelled: CancelCheck) -> list[Found]:
        raise LookupFailed(f"{NAME} cannot search by text.")
