"""The window's writes: undoable commands over the Library, the write worker that runs them one
at a time, the desk that puts them on the undo stack, their progress, the merge dialog of a
refused edit, and what a change makes the window redraw.

May import: the leaves of `litman.gui`, `litman.app` and the Library's API; no other room.
Imported by every room above it.
"""
