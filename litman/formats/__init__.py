"""Readers and writers, one module per format, and the registry that picks one for a file.

Readers turn a file into an `ImportBatch` of `NewPaper` records without touching a library;
the `Library` then writes the batch in one transaction.
"""
