"""One place names the games (issue 25, requirement 1).

Outside each game's own modules (the engine's ``variants/``, and the modules a game
registers as its computer players' policy and as its window parts) and the lists that
register them, no code tests a game's name or a stand-in for it: no ``variant ==``,
``!=`` or ``in`` against a game's name, no game's name written as a string, no
``foot_size`` asked as "is this Hand and Foot". The code asks the game's plug-in instead
(``registry.default_name()`` for the game played when none is named).

"samba" and "bolivia" are also kinds of canasta (Samba's sequence, Bolivia's seven wild
cards): written as a kind they are no game's name, so they count only where a game is
meant (a ``variant=``/``game=`` value or default, a ``"variant"``/``"game"`` entry).
"""

from __future__ import annotations

import ast
import pathlib

import pytest

import canasta
import canasta.ai  # noqa: F401  registers the games' policies
import canasta.ui.parts  # noqa: F401  registers the games' window parts
from canasta.ai.plugins import policy_for
from canasta.engine import Rules, registry
from canasta.ui.plugins import part

PACKAGE = pathlib.Path(canasta.__file__).parent

#: the lists that register the games (the one place each layer names them)
REGISTRATION_LISTS = {"engine/variants/__init__.py", "ai/__init__.py", "ui/parts.py"}

#: the engine's foot is one of its shared zones (``state.ZONES``'s "feet"): where it is
#: set up and counted, whether the rules deal a foot is the rule itself, not a game's name
FOOT_ZONE = {"engine/state.py", "engine/setup.py"}


GAME_WORDS = ("variant", "game")


def _game_names() -> set[str]:
    return set(registry.names())


def _kind_names() -> set[str]:
    """Every meld and canasta kind a registered game declares."""
    kinds: set[str] = set()
    for name in registry.names():
        game = registry.get(name)
        kinds.update(getattr(game, "MELD_KINDS", ()))
        kinds.update(getattr(game, "CANASTA_KINDS", ()))
    return kinds


def _own_modules() -> set[str]:
    """The games' own modules, relative to the package: the engine's games and every
    module registered as a game's policy or window part."""
    own = {p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / "engine" / "variants").glob("*.py")}
    for name in registry.names():
        rules = Rules(variant=name)
        modules = [policy_for(rules), part(rules, "table"), part(rules, "rules")]
        for module in modules:
            if module is not None:
                own.add(pathlib.Path(module.__file__).resolve().relative_to(PACKAGE.resolve()).as_posix())
    return own


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def _is_variant(node: ast.AST) -> bool:
    return ((isinstance(node, ast.Attribute) and node.attr == "variant")
            or (isinstance(node, ast.Name) and node.id == "variant"))


def _names_a_game_by_value(node: ast.AST, games: set[str]) -> bool:
    """A game's name written out, a collection of them, or the default game asked for."""
    if isinstance(node, ast.Constant):
        return node.value in games
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_game_by_value(e, games) for e in node.elts)
    if isinstance(node, ast.Call):
        f = node.func
        return (isinstance(f, ast.Name) and f.id == "default_name") or (
            isinstance(f, ast.Attribute) and f.attr == "default_name")
    return False


def _truth_operands(node: ast.AST):
    """The expressions whose truth a boolean context asks (through and/or/not)."""
    if isinstance(node, ast.BoolOp):
        for v in node.values:
            yield from _truth_operands(v)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield from _truth_operands(node.operand)
    else:
        yield node


def _game_contexts(tree: ast.AST) -> set[int]:
    """The string constants written where a game is meant: the value or default of a
    ``variant``/``game`` argument, a ``"variant"``/``"game"`` entry, the default of a
    ``.get("variant", ...)`` or of a ``--variant``/``--game`` option."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in GAME_WORDS:
            out.add(id(node.value))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = node.args
            positional = a.posonlyargs + a.args
            for arg, default in zip(positional[len(positional) - len(a.defaults):], a.defaults):
                if arg.arg in GAME_WORDS:
                    out.add(id(default))
            for arg, default in zip(a.kwonlyargs, a.kw_defaults):
                if default is not None and arg.arg in GAME_WORDS:
                    out.add(id(default))
        elif isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if isinstance(k, ast.Constant) and k.value in GAME_WORDS:
                    out.add(id(v))
        elif isinstance(node, ast.Call):
            first = node.args[0] if node.args else None
            named = isinstance(first, ast.Constant) and isinstance(first.value, str) and (
                first.value in GAME_WORDS or first.value.lstrip("-") in GAME_WORDS)
            if named:
                out.update(id(a) for a in node.args[1:])
                out.update(id(k.value) for k in node.keywords if k.arg == "default")
    return out


def scan(source: str, games: set[str], kinds: set[str]) -> list[tuple[int, str]]:
    """(line, what) for every place ``source`` names a game or tests a stand-in for one."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    contexts = _game_contexts(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if (any(_is_variant(s) for s in sides)
                    and any(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops)
                    and any(_names_a_game_by_value(s, games) for s in sides if not _is_variant(s))):
                found.append((node.lineno, "variant compared with a game: " + ast.unparse(node)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if node.value in games and (node.value not in kinds or id(node) in contexts):
                found.append((node.lineno, f"the game {node.value!r} named"))
        tests = []
        if isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Assert)):
            tests.append(node.test)
        elif isinstance(node, ast.comprehension):
            tests.extend(node.ifs)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            tests.append(node.operand)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "bool":
            tests.extend(node.args)
        for t in tests:
            for e in _truth_operands(t):
                if isinstance(e, ast.Attribute) and e.attr == "foot_size":
                    found.append((e.lineno, "foot_size asked as a truth: " + ast.unparse(t)))
    return sorted(set(found))


def _hits() -> dict[str, list[tuple[int, str]]]:
    games, kinds, own = _game_names(), _kind_names(), _own_modules()
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in own or rel in REGISTRATION_LISTS:
            continue
        found = scan(path.read_text(encoding="utf-8"), games, kinds)
        if rel in FOOT_ZONE:
            found = [f for f in found if not f[1].startswith("foot_size")]
        if found:
            out[rel] = found
    return out


GAMES = {"classic", "samba", "bolivia", "american", "hand_and_foot"}
KINDS = {"natural", "mixed", "samba", "bolivia", "escalera", "group", "sequence"}


@pytest.mark.parametrize("source", [
    'if rules.variant == "classic":\n    pass\n',
    'ok = "american" != r.variant\n',
    'x = obs.rules.variant in ("samba", "bolivia")\n',
    'x = r.variant == default_name()\n',
    'seq = "hand_and_foot"\n',
    'rules = Rules(variant="samba", players=4)\n',
    'def f(variant="bolivia"):\n    pass\n',
    'ap.add_argument("--variant", default="samba")\n',
    'game = d.get("game", "bolivia")\n',
    'meta = {"variant": "samba"}\n',
    'word = "book" if st.rules.foot_size else "canasta"\n',
    'if obs.rules.foot_size or policy is not None:\n    pass\n',
    'return bool(ob.rules.foot_size)\n',
    'if not st.rules.foot_size:\n    pass\n',
])
def test_the_scan_finds_a_game_named_or_tested(source):
    assert scan(source, GAMES, KINDS), source


@pytest.mark.parametrize("source", [
    '"""The classic game."""\nx = 1\n',                       # a docstring
    'bonus = canasta_value(r, "samba")\n',                     # a kind of canasta, not the game
    'kind = "bolivia" if wild else "mixed"\n',
    'if rules.variant not in names():\n    pass\n',            # a known game, whichever
    'for _ in range(r.foot_size or 0):\n    pass\n',           # a count, not a truth
    'sizes = ob.foot_sizes[s] if ob.foot_sizes else 0\n',
    'label = {"foot_size": "Cards in the foot"}\n',           # the option's name
])
def test_the_scan_leaves_kinds_and_counts_alone(source):
    assert scan(source, GAMES, KINDS) == [], source


def test_the_games_own_modules_are_found_from_the_registries():
    own = _own_modules()
    assert {"engine/variants/classic.py", "ai/american.py", "ai/handfoot.py", "ui/table/game_american.py",
            "ui/table/game_hand_and_foot.py", "ui/screens/rules_american.py",
            "ui/screens/rules_hand_and_foot.py"} <= own
    assert "ai/policy.py" not in own and "ui/table/game_sheet.py" not in own


def test_no_code_outside_a_games_own_modules_names_a_game():
    assert _hits() == {}


def test_the_game_played_when_none_is_named_is_the_first_registered():
    """``Rules()``, a network table created without a game, and the command line all play
    ``registry.default_name()``: the first game of the registration list, Classic."""
    import json

    from canasta.__main__ import parse_args
    from canasta.net import protocol
    from canasta.ui.main import _game

    first = registry.names()[0]
    assert registry.default_name() == first == "classic" == Rules().variant
    message = {"v": protocol.VERSION, "t": "create", "seats": ["person", "easy", "easy", "easy"], "seat": 0,
               "name": "Ann"}
    assert protocol.parse(json.dumps(message))["rules"].variant == first
    assert Rules(**_game(parse_args(["--players", "2"])), players=2).variant == first
    assert Rules(**_game(parse_args(["--variant", "samba"])), players=4).variant == "samba"
