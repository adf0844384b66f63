"""The window's actions, declared once: what `window_actions.install` makes and hands the
window as `win.acts`, and what the key handling (`keys`) and the lookup menu add to it.

A plain holder with no Qt logic of its own, so that the window, the protocol its dialogs are
typed against and the tests all name an action the same way (`win.acts.delete`)."""

from PySide6.QtGui import QAction

from litman.core.records import Status


class Actions:
    """Every action of a window (set by the module that makes it)."""

    # File
    open_shared: QAction
    import_files: QAction
    export: QAction
    export_sel: QAction
    export_all: QAction
    backup: QAction
    restore_backup: QAction
    check: QAction
    refresh: QAction
    close: QAction
    autoexport: QAction  # gui/window/autoexport.py
    lookup: dict[str, QAction]  # gui/lookup/menu.py
    # Edit
    copy_as: dict[str, QAction]  # one per registered writer
    copy: QAction  # copy_as["bibtex"], with its shortcut
    copy_ris: QAction
    copy_csl: QAction
    copy_key: QAction  # gui/window/keys.py
    copy_cite: QAction  # gui/window/keys.py
    copy_reference: QAction  # gui/window/references.py
    copy_citation: QAction  # gui/window/references.py
    reference_styles: dict[str, QAction]  # gui/window/references.py, by style name
    # Paper
    regenerate_keys: QAction  # gui/window/citekey_actions.py
    key_pattern: QAction  # gui/window/citekey_actions.py
    pin_keys: QAction  # gui/window/citekey_actions.py
    unpin_keys: QAction  # gui/window/citekey_actions.py
    find: QAction
    delete: QAction  # to the trash; in the Trash, for good (gui/sidebar/trash_actions.py)
    restore_trash: QAction  # gui/sidebar/trash_actions.py
    delete_forever: QAction  # gui/sidebar/trash_actions.py
    empty_trash: QAction  # gui/sidebar/trash_actions.py
    undo: QAction
    redo: QAction
    # Paper (gui/window/paper_files.py)
    open_attachment: QAction
    view_online: QAction
    add_attachment: QAction
    find_missing: QAction
    read_texts: QAction
    # Help
    open_log_folder: QAction
    # Status
    status: dict[Status, QAction]
    rating: list[QAction]
