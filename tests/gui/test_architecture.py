"""The window's modules import each other one way: no cycles inside litman.gui (a dialog
module that imports the window it is handed is one)."""

import grimp
import pytest

pytestmark = pytest.mark.gui


def test_no_import_cycle_inside_the_gui_package() -> None:
    graph = grimp.build_graph("litman")
    gui = {m for m in graph.modules if m.startswith("litman.gui")}
    cycles = []
    for module in sorted(gui):
        for imported in sorted(graph.find_modules_directly_imported_by(module) & gui):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                cycles.append(" -> ".join((module, *back)))
    assert cycles == []
