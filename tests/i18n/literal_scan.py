"""The scan for words a player would read that bypass the catalog.

:func:`visible_literals` lists the string literals of a module that look like words for
a player (letters and a space, or an f-string with words) and reach the screen without
a catalog call: not inside ``tr``/``t``/``tn``/``N_``, not a docstring, not a dict key,
not compared with, not a keyword argument that names things (``name=``, ``anchor=``),
not an argument of a call that is for developers or the layout probe (``note``,
``print``, a logger, ``getattr``...), and not in :data:`ALLOWED` (things that are not
words). ``python tests/i18n/literal_scan.py PATH...`` prints what it finds.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOG_CALLS = {"tr", "t", "tn", "N_", "tc"}
#: calls whose string arguments are not shown to a player
QUIET_CALLS = {"note", "print", "debug", "info", "warning", "error", "exception", "critical", "getattr", "setattr",
               "hasattr", "startswith", "endswith", "split", "rsplit", "strip", "replace", "join", "get", "pop",
               "setdefault", "environ", "getenv", "open", "Path", "compile", "match", "search", "sub", "fullmatch",
               "findall", "finditer", "encode", "decode", "format_decimal", "format_date", "isinstance", "warn", "control",
               "set_caption", "strftime", "strptime", "TypeError", "AttributeError", "KeyError", "AssertionError",
               "NotImplementedError", "RuntimeError", "OSError", "ValueError"}
#: calls whose direct string arguments are shown as they are (so even one word counts)
SHOWN_CALLS = {"Button", "PushButton", "Toggle", "blit_text", "draw_fitted", "draw_fitted_centre", "draw_title",
               "draw_heading", "section_panel", "show", "notice", "say", "text", "render"}
#: keyword arguments that name or place things rather than say them
QUIET_KEYWORDS = {"name", "anchor", "align", "style", "kind", "key", "sep", "end", "encoding", "mode", "errors"}
#: literals that are not words (module path, text): a short list, each with its reason
ALLOWED: set[tuple[str, str]] = {
    ("canasta/ui/menus.py", "Canasta"),          # the game's name, the same in every language
    ("canasta/ui/app.py", "Canasta"),            # the window's title
    ("canasta/ui/speech.py", "speech dispatcher"),   # a speech back end's own name, matched
    ("canasta/ui/draw.py", "Probe | None"),      # a type annotation
    # the move log's Unnarrated: raised only when asked to be strict (the tests), for developers
    ("canasta/engine/narrate.py", "a card moved from {} to {}"),
    ("canasta/engine/narrate.py", "an event {}"),
    ("canasta/engine/narrate.py", "no words for {} with events {}"),
    # the review command line's last line, printed for developers (canasta.review)
    ("canasta/ai/coach.py", "{} decisions, {} flagged, expected cost {} points"),
}
_WORDS = re.compile(r"[A-Za-z]{2,}.*\s|\s.*[A-Za-z]{2,}")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def looks_like_words(text: str) -> bool:
    """Letters and a space outside {placeholders} (a format-only string is not words)."""
    bare = _PLACEHOLDER.sub("", text)
    return bool(re.search(r"[A-Za-z]{2,}", bare)) and bool(re.search(r"[A-Za-z]\S*\s+\S", bare.strip()))


def _call_name(node: ast.Call) -> str:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def visible_literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each literal in ``path`` a player would read without a catalog call."""
    source = Path(path).read_text("utf-8")
    tree = ast.parse(source)
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    skip = _docstrings(tree)
    rel = Path(path).resolve().relative_to(ROOT).as_posix() if Path(path).resolve().is_relative_to(ROOT) else str(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if isinstance(parents.get(id(node)), ast.JoinedStr):
                continue            # a piece of an f-string: judged with the whole
            text = node.value
        else:
            continue
        parent = parents.get(id(node))
        shown = (isinstance(parent, ast.Call) and _call_name(parent) in SHOWN_CALLS and node in parent.args
                 and re.search(r"[A-Za-z]{2,}", _PLACEHOLDER.sub("", text)))
        if id(node) in skip or not (shown or looks_like_words(text)) or (rel, text) in ALLOWED:
            continue
        if _quiet(node, parents):
            continue
        found.append((node.lineno, text))
    return sorted(found)


def _quiet(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    child, parent = node, parents.get(id(node))
    while parent is not None:
        if isinstance(parent, ast.Call):
            name = _call_name(parent)
            if name in CATALOG_CALLS or name in QUIET_CALLS:
                return True
        if isinstance(parent, ast.keyword) and parent.arg in QUIET_KEYWORDS:
            return True
        if isinstance(parent, ast.Dict) and any(k is child for k in parent.keys):
            return True
        if isinstance(parent, ast.Compare):
            return True
        if isinstance(parent, ast.Subscript) and parent.slice is child:
            return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            return False
        child, parent = parent, parents.get(id(parent))
    return False


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        for line, text in visible_literals(Path(arg)):
            print(f"{arg}:{line}: {text!r}")
