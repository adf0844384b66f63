"""Finding records online from the window: the Lookup menu, adding a paper by identifier, finding
and refreshing the selected papers' metadata, and the review dialog where a person accepts what
was found (typed against `host.Host`, what they use of the window).

May import: the rooms below it (dialogs, detail, table, writes; not the sidebar, its peer), the
leaves of `litman.gui` and `litman.metadata`. Imported by the window room only.
"""
