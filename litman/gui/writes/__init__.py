"""The window's writes: undoable commands over the Library, the write worker that runs them one
at a time, the desk that puts them on the undo stack, their progress, the merge dialog of a
refused edit, and what a change makes the window redraw."""
