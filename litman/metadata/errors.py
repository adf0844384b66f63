"""What can go wrong in a lookup, each with a one-line message for the user."""

from litman.core.errors import LitmanError


class LookupFailed(LitmanError):
    """A lookup that could not be done; the library is unchanged."""


class Offline(LookupFailed):
    """No source could be reached: lookup needs the network, everything else works."""


class NotFound(LookupFailed):
    """The source answered that it has no such record."""


class BadResponse(LookupFailed):
    """The source answered with something that is not what its API documents."""
