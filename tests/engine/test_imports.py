"""The package's shape: no import loop anywhere in ``canasta/``, no borrowed private
names, no engine or store module over 600 lines (issue 25).

Every import statement counts, at the top of a module or inside a function, except
those under ``if TYPE_CHECKING:`` (they never run). A loop would mean a module can
only be imported in one order; a private name imported from another module means
that module's inside has become someone else's outside.
"""

from __future__ import annotations

import ast
import pathlib

import canasta

PACKAGE = pathlib.Path(canasta.__file__).parent


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skip.update(id(n) for n in ast.walk(inner))
    return skip


def _imports(folder: pathlib.Path):
    """(module, imported module, imported names) for every import statement."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    for path in sorted(folder.rglob("*.py")):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("canasta"):
                        yield name, alias.name, []
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if not target.startswith("canasta"):
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in modules:
                        yield name, sub, []          # a module imported from its package
                    else:
                        yield name, target, [alias.name]


def _loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in list(edges):
        if v not in index:
            visit(v)
    return found


def _edges(folder: pathlib.Path) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for source, target, _names in _imports(folder):
        if target != source and target.startswith(_module_name(folder / "__init__.py")):
            edges.setdefault(source, set()).add(target)
    return edges


def test_the_helpers_find_a_loop():
    assert _loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _loops({"a": {"b"}, "b": set()}) == []


def test_the_engine_has_no_import_loop():
    edges = _edges(PACKAGE / "engine")
    assert "canasta.engine.core" in edges            # the scan sees the engine
    assert _loops(edges) == []


def test_the_store_and_the_computer_players_have_no_import_loop():
    assert _loops(_edges(PACKAGE / "store")) == []
    ai = _edges(PACKAGE / "ai")
    assert "canasta.ai.policy" in ai
    assert _loops(ai) == []


def test_no_import_loop_anywhere_in_the_package():
    """Every module of ``canasta/``: the window, the online play, the network, the tools."""
    edges = _edges(PACKAGE)
    assert {"canasta.ui.session", "canasta.ui.screens.rules", "canasta.net.server", "canasta.arena",
            "canasta.ui.table.layout"} <= set(edges)
    assert _loops(edges) == []


#: the packages of docs/architecture.md, by level: each imports only lower levels
LEVELS = {"i18n": -1, "engine": 0, "vocab": 0, "resources": 0, "ai": 1, "store": 1, "net": 2, "review": 2,
          "checkfiles": 2, "ui": 3, "__main__": 4}


def test_the_packages_import_only_downwards():
    up = set()
    for source, target, _names in _imports(PACKAGE):
        a, b = source.split(".")[1:2], target.split(".")[1:2]
        if a and b and a != b and a[0] in LEVELS and b[0] in LEVELS and LEVELS[b[0]] >= LEVELS[a[0]]:
            up.add((source, target))
    assert up == set()


def test_no_module_imports_another_modules_private_names():
    borrowed = [(source, target, name) for source, target, names in _imports(PACKAGE)
                for name in names if name.startswith("_") and not name.startswith("__")]
    assert borrowed == []


def test_the_engine_core_does_not_import_a_game():
    for source, target, _names in _imports(PACKAGE / "engine"):
        if source.startswith("canasta.engine.variants"):
            continue
        if source == "canasta.engine":
            continue   # the package imports the registration list, the one place that names the games
        assert not target.startswith("canasta.engine.variants"), (source, target)


def test_no_module_is_over_600_lines():
    """Every folder of the package, the window's table included (no module is exempt)."""
    long = {}
    paths = sorted(PACKAGE.rglob("*.py"))
    assert any(p.parent.name == "table" for p in paths)     # the scan sees the table
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > 600:
            long[path.relative_to(PACKAGE).as_posix()] = lines
    assert long == {}


def test_the_store_names_no_game():
    """The score history counts what each game's plug-in names (``CANASTA_ITEMS``); no
    store module names a game in its code (docstrings aside)."""
    from canasta.engine.registry import names
    games = set(names())
    found = []
    for path in sorted((PACKAGE / "store").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if node.value in games or any(f"{g}_" in node.value for g in games):
                    found.append((path.name, node.value))
    assert "classic" in games and found == []


def test_a_games_counted_items_reach_the_statistics():
    """A game that names its own canasta items has them counted (the seam the store uses)."""
    import types

    from canasta.engine import registry
    from canasta.store.statistics import canasta_count
    assert canasta_count({"natural_canastas": 1, "sevens_books": 2}) == 1
    house = types.SimpleNamespace(NAME="house_test_game", CANASTA_ITEMS=("sevens_books",))
    registry.register(house)
    try:
        assert canasta_count({"natural_canastas": 1, "sevens_books": 2}) == 3
    finally:
        registry.unregister("house_test_game")
