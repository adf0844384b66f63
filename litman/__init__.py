"""litman: a desktop literature manager.

The package is layered: `core` (data model, the `Library` facade, search; no Qt), `formats`
(readers and writers, one module per format), `display` (LaTeX and markdown as shown text),
`metadata` (finding a paper's published record online), `app` (opening the library a user
means), `gui` (PySide6 only) and `cli`. Dependencies point downwards only, with no import
cycle; import-linter checks it in CI. Each package's docstring says what lives there, what it
may import and what may import it.
"""

__version__ = "0.1.0"
