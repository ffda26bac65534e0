"""Run rules vectors (the format of shared/conformance/README.md) through the engine.

    python -m canasta.conformance DIR [DIR ...]

Prints ``PASS id`` or ``FAIL id: what differed`` per vector and the closing line
``N passed, M failed``; exits 0 only when nothing failed. A vector that cannot be
read or set up is a failure.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from .engine import IllegalAction, apply_in_place, check
from .engine.cards import CODE_OF
from .engine.options import take_options
from .engine.setup import SetupError, action_from, canasta_kinds, position, rules_from, team_melds_summary
from .engine.state import DRAW, State


def load_vectors(paths: list[str]) -> list[tuple[str, Any]]:
    """(name, parsed JSON or the exception) for every *.json under the given paths
    (a folder's own files first, then each subfolder's, in name order)."""
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.json"), key=lambda f: (len(f.relative_to(path).parts), str(f))))
        else:
            files.append(path)
    out = []
    for f in files:
        try:
            out.append((f.stem, json.loads(f.read_text(encoding="utf-8"))))
        except (OSError, ValueError) as e:
            out.append((f.stem, e))
    return out


def run_vector(vec: Any) -> list[str]:
    """The list of differences (empty: the vector passes)."""
    if not isinstance(vec, dict):
        return ["the vector is not a JSON object"]
    missing = missing_game(vec.get("rules", {}))
    if missing:
        return [missing]
    try:
        rules = rules_from(vec.get("rules", {}))
        st = position(rules, vec.get("state"))
    except SetupError as e:
        return [f"cannot set up: {e}"]
    problems: list[str] = []
    actions = vec.get("actions", [])
    if not isinstance(actions, list):
        return ["actions must be a list"]
    for i, a in enumerate(actions):
        try:
            seat, action = action_from(st, a)
        except SetupError as e:
            return [f"action {i + 1}: {e}"]
        illegal = bool(isinstance(a, dict) and a.get("illegal"))
        before = st.snapshot()
        try:
            check(st, action, seat)
            apply_in_place(st, action, seat)
            if illegal:
                problems.append(f"action {i + 1} ({a.get('type')}) was accepted but should be illegal")
                return problems
        except IllegalAction as e:
            if not illegal:
                problems.append(f"action {i + 1} ({a.get('type')}) was rejected: {e}")
                return problems
            if not str(e).strip():
                problems.append(f"action {i + 1}: rejected without a message")
            if st.snapshot() != before:
                problems.append(f"action {i + 1}: the rejected action changed the state")
    expect = vec.get("expect", {})
    if not isinstance(expect, dict):
        return ["expect must be an object"]
    for key, want in expect.items():
        try:
            got = _fact(st, key, want)
        except Exception as e:  # a malformed expectation is a failure, not a crash
            problems.append(f"{key}: cannot compare ({e})")
            continue
        if got is not _SAME:
            problems.append(f"{key}: expected {json.dumps(want)}, got {json.dumps(got)}")
    return problems


_SAME = object()


def missing_game(rules: Any) -> str | None:
    """A one-line reason when the vector is for a game this engine does not play yet."""
    from .engine.variants import names
    from .engine.registry import default_name
    name = rules.get("variant", default_name()) if isinstance(rules, dict) else default_name()
    if isinstance(name, str) and name not in names():
        return f"the game {name!r} is not implemented yet (this engine plays: {', '.join(names())})"
    return None


def _match_melds(want: list, got: list) -> bool:
    """Every wanted meld matches a distinct meld of the team on the keys it gives."""
    if len(want) != len(got):
        return False
    used = [False] * len(got)

    def fits(w: dict, g: dict) -> bool:
        for k, v in w.items():
            have = g.get(k)
            if k in ("rank", "suit", "low", "high") and isinstance(v, str):
                v = v.upper()
            if have != v:
                return False
        return True

    def place(i: int) -> bool:
        if i == len(want):
            return True
        for j, g in enumerate(got):
            if not used[j] and fits(want[i], g):
                used[j] = True
                if place(i + 1):
                    return True
                used[j] = False
        return False

    return all(isinstance(w, dict) for w in want) and place(0)


def _fact(st: State, key: str, want: Any) -> Any:
    r = st.rules
    if key == "hands":
        got = {}
        ok = True
        for seat_s, cards in want.items():
            have = [CODE_OF[c] for c in st.hands[int(seat_s)]]
            got[seat_s] = have
            if Counter(have) != Counter(c.upper() for c in cards):
                ok = False
        return _SAME if ok else got
    if key == "hand_sizes":
        got = [len(h) for h in st.hands]
    elif key == "melds":
        got = [team_melds_summary(st, t) for t in range(r.teams)]
        if len(want) == len(got) and all(_match_melds(a, b) for a, b in zip(want, got)):
            return _SAME
        return got
    elif key == "canastas":
        counts = [st.canastas(t) for t in range(r.teams)]
        got = [[c.get("natural", 0), c.get("mixed", 0)] for c in counts]
    elif key == "canasta_kinds":
        got = [sorted(canasta_kinds(st, t)) for t in range(r.teams)]
        want = [sorted(x) for x in want]
    elif key in ("threes", "special_hand", "feet_sizes", "in_foot"):
        from .engine.variants import game_of
        own = getattr(game_of(r), "vector_fact", None)   # the game's own expectations
        if own is None:
            raise ValueError(f"{key} is not part of the game {r.variant!r}")
        got = own(st, key)
    elif key == "red_threes":
        got = [len(x) for x in st.red3]
    elif key == "discard_top":
        got = CODE_OF[st.pile[-1]] if st.pile else None
        if isinstance(want, str):
            want = want.upper()
    elif key == "discard_size":
        got = len(st.pile)
    elif key == "frozen":
        got = st.frozen
    elif key == "stock_size":
        got = len(st.stock)
    elif key == "turn":
        got = st.turn
    elif key == "phase":
        got = st.phase
    elif key == "can_take":
        got = st.phase == DRAW and bool(take_options(st, st.to_act))
    elif key == "minimum":
        got = [st.minimum(t) for t in range(r.teams)]
    elif key == "deal_over":
        got = st.deal_over
    elif key == "went_out":
        got = st.went_out if st.deal_over else None
    elif key == "concealed":
        got = bool(st.concealed) if st.deal_over else False
    elif key == "deal_scores":
        got = st.result.scores if st.result else None
    elif key == "totals":
        got = st.totals
    elif key == "game_over":
        got = st.game_over
    elif key == "winners":
        got = sorted(st.winners)
        want = sorted(want)
    else:
        raise ValueError(f"unknown expectation {key!r}")
    return _SAME if got == want else got


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m canasta.conformance DIR [DIR ...]", file=sys.stderr)
        return 2
    passed = failed = 0
    for name, vec in load_vectors(args):
        if isinstance(vec, Exception):
            problems = [f"cannot read: {vec}"]
            vid = name
        else:
            vid = vec.get("id", name) if isinstance(vec, dict) else name
            try:
                problems = run_vector(vec)
            except Exception as e:  # the runner must never die on one vector
                problems = [f"the engine raised {type(e).__name__}: {e}"]
        if problems:
            failed += 1
            print(f"FAIL {vid}: {'; '.join(problems)}")
        else:
            passed += 1
            print(f"PASS {vid}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
