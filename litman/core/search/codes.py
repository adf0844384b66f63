"""Token codes: which word in which field, as one int32 (`token id << FIELD_BITS | field`).

The fields are declared once (`records.SearchFields`); the bits a code gives them are derived
from that declaration, so a field added (full text, pinyin) widens every code rather than
spilling into the token id, as a hard-coded 3 bits would have for a ninth field, silently.
What the width leaves is checked where it can run out: the fields at import (the ranking's
per-paper field masks and its table of their best weights grow as 2**fields), and the
token ids as the vocabulary grows (`check_tokens`). A saved index records the fields it was
built with, and one built with others is not loaded (`index_cache`).
"""

from litman.core.errors import LitmanError
from litman.core.records import SearchFields

FIELDS: tuple[str, ...] = SearchFields._fields
# The ranking keeps the fields a paper matched as a bit mask (uint8 up to 8 fields, uint16
# up to 16) and a table of the best weight of each mask (2**fields entries).
MAX_FIELDS = 16
# A code is an int32 (postings are sliced by the high half of int64 sort keys).
CODE_BITS = 31


class IndexLimitError(LitmanError):
    """The search index cannot hold this: a limit of its codes was reached."""


def field_bits(fields: int) -> int:
    """The bits a code needs to tell `fields` fields apart."""
    return max(1, (fields - 1).bit_length())


def _checked(fields: tuple[str, ...]) -> int:
    if len(fields) > MAX_FIELDS:
        raise IndexLimitError(
            f"The search index declares {len(fields)} fields ({', '.join(fields)}); it holds "
            f"at most {MAX_FIELDS}: the ranking's field masks would overflow."
        )
    return field_bits(len(fields))


FIELD_BITS = _checked(FIELDS)
FIELD_MASK = (1 << FIELD_BITS) - 1
# Token ids a code can carry beside the field bits.
MAX_TOKENS = 1 << (CODE_BITS - FIELD_BITS)


def code(token_id: int, field: int) -> int:
    return token_id << FIELD_BITS | field


def check_tokens(count: int) -> None:
    """Refuse a vocabulary of `count` tokens when codes cannot carry that many ids."""
    if count > MAX_TOKENS:
        raise IndexLimitError(
            f"The search index holds at most {MAX_TOKENS:,} distinct words with "
            f"{len(FIELDS)} fields ({FIELD_BITS} bits of each code name the field)."
        )
