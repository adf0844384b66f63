"""The main window and what assembles it: the window itself, its actions, menus and keys, its
state between sessions, the protocol its parts are handed, its screen and theme, starting
(launch, the self-test, the system libraries it needs), the error report and the live link
to a shared library. The top room: it imports the others, none imports it.

May import: every other room of the window and the leaves of `litman.gui`. Imported by
nothing in the window's rooms: only `litman.cli`, which starts it, and the tests import it.
"""
