"""No import cycle inside `game/`: every package has one direction.

Why a test: a cycle hides in a lazy import or a TYPE_CHECKING block until a refactoring makes
it bite (the client's app and its screens, the table's space and its measuring modules both had
one). The graph is read from the source with `ast`, so nothing is imported to check it:
every `import` / `from ... import` anywhere in a module counts, inside `if TYPE_CHECKING:`
blocks, `try` blocks and function bodies included.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

#: Cycles closed only by an import inside a function body, in packages outside the client and
#: the table, left to their owners. Each must still exist (the test says when one is gone, so
#: the list only shrinks); a new one fails the test.
KNOWN_DEFERRED = {
    frozenset({"game.io.battle_saves", "game.sim", "game.timeline"}),
    frozenset({"game.rulesets.squads", "game.rulesets.squads.evaluation"}),
    frozenset({"game.rulesets.ranks", "game.rulesets.ranks.evaluation"}),
    frozenset({"game.rulesets.legions.reactions", "game.rulesets.legions.volley"}),
}


def module_files(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package at `root`."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _top_level_imports(tree: ast.Module) -> list[ast.stmt]:
    """Import statements run when the module is imported: at top level, or inside top-level
    `if` (TYPE_CHECKING included) and `try` blocks; not inside functions or classes."""
    found, todo = [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If | ast.Try):
            todo.extend(ast.iter_child_nodes(node))
        elif isinstance(node, ast.ExceptHandler):
            todo.extend(node.body)
    return found


def _targets(module: str, is_package: bool, node: ast.stmt, modules: dict) -> set[str]:
    """The modules of the package one import statement reaches (a `from pkg import name` that
    names a submodule reaches the submodule; otherwise the nearest module that exists)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[:len(package) - node.level + 1]
            base = ".".join(package + ([base] if base else []))
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                 for alias in node.names]
    reached = set()
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name and name != module:
            reached.add(name)
    return reached


@functools.cache
def import_graph(root: Path, deferred: bool = True) -> dict[str, set[str]]:
    """Module -> the package's modules it imports. `deferred`: imports inside functions count."""
    modules = module_files(root)
    graph = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        nodes = ([n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
                 if deferred else _top_level_imports(tree))
        graph[module] = set().union(
            *(_targets(module, path.name == "__init__.py", n, modules) for n in nodes))
    return graph


def import_groups(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of two or more modules that import each other (directly or not)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        # Tarjan's strongly connected components, iteratively (no recursion limit).
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
    return groups


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (a closed path a -> ... -> a) per group of modules that import each other."""
    return [_path_within(graph, group) for group in import_groups(graph)]


def _path_within(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest closed path through the group's first module, for the failure message."""
    first = min(group)
    paths = {first: [first]}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & group):
                if child == first:
                    return paths[node] + [first]
                if child not in paths:
                    paths[child] = paths[node] + [child]
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {first}")  # a group always has one


def _show(found: list[list[str]]) -> str:
    return "\n".join(" -> ".join(path) for path in found)


def test_no_import_cycle_in_game_at_import_time():
    """What runs when a module is imported (TYPE_CHECKING blocks included): no cycle at all."""
    found = cycles(import_graph(GAME, deferred=False))
    assert not found, "import cycles:\n" + _show(found)


def test_no_import_cycle_in_game_counting_imports_inside_functions():
    graph = import_graph(GAME)
    groups = {frozenset(group) for group in import_groups(graph)}
    new = [_path_within(graph, set(group)) for group in groups - KNOWN_DEFERRED]
    assert not new, "import cycles:\n" + _show(new)
    gone = KNOWN_DEFERRED - groups
    assert not gone, f"fixed, remove from KNOWN_DEFERRED: {sorted(map(sorted, gone))}"


def test_the_client_and_the_table_have_no_cycle_even_through_deferred_imports():
    found = [path for path in cycles(import_graph(GAME))
             if any(m.startswith(("game.ui", "game.table")) for m in path)]
    assert not found, "import cycles:\n" + _show(found)


def test_a_cycle_through_a_type_checking_block_is_found_and_shown(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from . import b\n")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from pkg.sub.b import Thing\n")
    (package / "sub" / "b.py").write_text("def f():\n    from ..a import x\n")
    (package / "c.py").write_text("import pkg.a\n")
    graph = import_graph(package)
    assert graph["pkg.a"] == {"pkg.sub.b"} and graph["pkg.sub.b"] == {"pkg.a"}
    assert graph["pkg.sub"] == {"pkg.sub.b"}
    assert cycles(graph) == [["pkg.a", "pkg.sub.b", "pkg.a"]]
    assert "pkg.a -> pkg.sub.b -> pkg.a" in _show(cycles(graph))
    assert cycles(import_graph(package, deferred=False)) == []  # b's import is in a function
