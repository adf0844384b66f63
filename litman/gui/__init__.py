"""The desktop window (PySide6 only). Everything it shows comes through the `Library` API."""
