"""The detail pane: the paper the table's selection shows (or what several have in common), its
fields, tags, abstract and notes, each edit sent as a request the window turns into a command.

May import: the table and writes rooms and the leaves of `litman.gui`. Imported by the
window, lookup, sidebar and dialogs rooms.
"""
