"""A DOI as the exchange formats want it: bare (`10.1007/s00779-005-0347-6`).

.bib files often hold a DOI as a resolver link (`http://dx.doi.org/10.…`,
`http://doi.acm.org/10.…`) or with `doi:` before it. CSL-JSON's `DOI` and RIS's `DO` are
the bare name: a CSL processor puts `https://doi.org/` before it, so a link there is printed
twice. A value that is no DOI once its prefix is gone is left as it was.
"""

import re

_NAME = re.compile(r"10\.\d{4,9}/\S+")
_SCHEME = re.compile(r"^doi:\s*", re.I)
# doi.org and its older names, and the publishers' own resolvers that .bib files hold
_RESOLVER = re.compile(
    r"^(?:https?://)?(?:(?:dx|www)\.)?doi\.(?:org|acm\.org|ieeecomputersociety\.org)/", re.I
)


def bare(doi: str) -> str:
    """`doi` without a resolver link or `doi:` before it, when what is left is a DOI."""
    text = doi.strip()
    linked = _RESOLVER.sub("", text)
    if linked != text:  # a link's DOI may be percent-encoded (`%28SICI%29`)
        linked = _unquoted(linked)
    name = _SCHEME.sub("", linked)
    return name if _NAME.fullmatch(name) else doi


def _unquoted(text: str) -> str:
    """`%28` as `(`: a link's escapes, undone (the network-free part of urllib's unquote)."""
    raw = re.sub(rb"%([0-9A-Fa-f]{2})", lambda m: bytes([int(m[1], 16)]), text.encode())
    return raw.decode("utf-8", "replace")
