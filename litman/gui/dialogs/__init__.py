"""The window's dialogs over the library: import, export, tags, backups and restore, file pickers
that refuse the library's own files, and opening a shared library. Typed against `host.Host`,
what they use of the window, so that they do not import it.

May import: the rooms below it (detail, table, writes) and the leaves of `litman.gui`.
Imported by the window, lookup and sidebar rooms.
"""
