"""Readers and writers, one module per format, and the registry that picks one for a file.

Readers turn a file into an `ImportBatch` of `NewPaper` records without touching a library;
the `Library` then writes the batch in one transaction.

May import: `litman.core` records and fields, `bibtexparser`; never Qt, never a store.
Imported by `litman.app`, `litman.gui`, `litman.cli` and `litman.metadata`.
"""
