"""The sidebar: the library's views (All, the reading statuses, the Trash) and the tag tree, each
item a typed filter; what its requests and the Trash's actions become on the window (typed
against `host.Host`, what they use of the window).

May import: the rooms below it (dialogs, detail, table, writes) and the leaves of `litman.gui`.
Not lookup, its peer. Imported by the window room only.
"""
