"""Display text: LaTeX and markdown turned into the text and styled spans a person reads.

It is not a file format (`litman.formats` reads and writes files; this shows what they
hold), so it sits beside `formats`, over it: `litman.gui` and `litman.cli` import it, and
nothing below them (`core`, `formats`, `app`, `metadata`) may. It may import `litman.formats`
(the LaTeX decoder's math spans) and the standard library; never Qt (the GUI turns its spans
into formats), never a store.
"""
