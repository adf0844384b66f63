"""LaTeX and markdown read as display text: what the window and the command line show.

The reading itself lives in `litman.formats.shown`, because the exports write the same text
(CSL-JSON and RIS readers print what they are given): one definition, shown here and written
there.
"""

from litman.formats.shown import (
    markup_segments,
    math_segments,
    math_to_unicode,
    plain_text,
    tag_text,
)

__all__ = ["markup_segments", "math_segments", "math_to_unicode", "plain_text", "tag_text"]
