"""The rules core is pure: game/core and game/rulesets import neither pygame nor pymunk, and
pymunk lives only in game/table (DESIGN.md)."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def files_under(*parts):
    return sorted((GAME.joinpath(*parts)).rglob("*.py"))


def test_core_and_rulesets_import_neither_pygame_nor_pymunk():
    for path in files_under("core") + files_under("rulesets"):
        bad = imported_modules(path) & {"pygame", "pymunk", "pygame_gui"}
        assert not bad, f"{path} imports {bad}"


def test_pymunk_only_in_table():
    for path in GAME.rglob("*.py"):
        if "table" in path.relative_to(GAME).parts:
            continue
        assert "pymunk" not in imported_modules(path), f"{path} imports pymunk"


def test_pygame_only_in_ui_and_tools():
    for path in GAME.rglob("*.py"):
        if path.relative_to(GAME).parts[0] == "ui":
            continue
        assert not imported_modules(path) & {"pygame", "pygame_gui"}, f"{path} imports pygame"


def test_no_pickle_anywhere():
    for path in GAME.rglob("*.py"):
        assert "pickle" not in imported_modules(path), f"{path} uses pickle"
