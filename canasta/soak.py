"""Random legal play with invariant checks after every action.

    python -m canasta.soak --deals N [--players P] [--seed S] [--teams T] [--variant V]

Prints ``N deals, K actions, V violations`` and exits non-zero when V > 0.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from .engine import IllegalAction, Rules, apply_in_place, check, is_legal, legal_actions, new_game
from .engine.rules import RulesError, rule_overrides
from .engine.moves import score_items
from .engine.observe import observe
from .engine.state import DEAL_OVER, GAME_OVER, State
from .engine.registry import default_name, names
from .engine.variants import game_of


def invariants(st: State, before_total: int | None = None, legal: list | None = None) -> list[str]:
    """Every card exactly once; counts match hands; scores add up; a seat to act has a
    legal action (``legal``: ``legal_actions(st)`` when the caller has it already)."""
    bad = []
    locs = st.all_card_locations()
    if len(locs) != st.total_cards:
        bad.append(f"{len(locs)} cards in play, expected {st.total_cards}")
    dup = [c for c, n in Counter(locs).items() if n > 1]
    if dup:
        bad.append(f"cards in two places: {dup[:5]}")
    for seat, hand in enumerate(st.hands):
        from .engine.cards import KIND_OF, KIND_COUNT
        cnt = [0] * KIND_COUNT
        for c in hand:
            cnt[KIND_OF[c]] += 1
        if cnt != st.counts[seat]:
            bad.append(f"seat {seat}: rank counts do not match the hand")
        if any(KIND_OF[c] == 1 for c in hand) and not getattr(game_of(st.rules), "THREES_IN_HAND", False):
            bad.append(f"seat {seat} holds a red three")
    ids = [m.id for team in st.melds for m in team]
    if len(set(ids)) != len(ids) or any(i < 1 for i in ids):
        bad.append(f"meld ids not unique in the deal: {ids}")
    game = game_of(st.rules)
    for team in st.melds:
        for m in team:
            if m.canasta != game.canasta_kind(m, st.rules) or m.closed != game.is_closed(m, st.rules):
                bad.append(f"meld {m!r}: its canasta kind or closed flag is stale")
            if m.kind == "group":
                if m.naturals < 2 or len(m.cards) < 3:
                    bad.append(f"meld {m!r} is too small")
                if m.wilds > st.rules.wild_limit:
                    bad.append(f"meld {m!r} holds too many wild cards")
            elif m.kind == "sequence":
                from .engine.cards import KIND_OF as _K, SUIT_OF as _S
                ranks = sorted(_K[c] for c in m.cards)
                if (m.wilds or len(ranks) < 3 or len(ranks) > 7 or len({_S[c] for c in m.cards}) != 1
                        or ranks != list(range(ranks[0], ranks[0] + len(ranks)))):
                    bad.append(f"sequence {m!r} is not a run of three to seven of one suit")
            elif m.kind == "wild":
                if m.naturals or not 3 <= len(m.cards) <= 7:
                    bad.append(f"wild meld {m!r} is not three to seven wild cards")
    if st.result is not None:
        items = st.result.items
        for it in items:
            parts = (it.melded + it.canasta_bonus + it.red_three_score + it.going_out
                     + it.concealed + it.in_hand + getattr(it, "black_three_penalty", 0)
                     + getattr(it, "other_points", 0))
            if parts != it.total:
                bad.append("a deal score is not the sum of its items")
        lines = st.result.lines
        if [sum(x.points for x in team) for team in lines] != [it.total for it in items]:
            bad.append("a deal's score lines do not add up to its score")
    if st.phase not in (DEAL_OVER, GAME_OVER) and not (legal_actions(st) if legal is None else legal):
        bad.append(f"no legal action in {st!r}")
    return bad


def observation_leaks(st: State) -> list[str]:
    bad = []
    for seat in range(st.rules.players):
        ob = observe(st, seat)
        own = set(st.hands[seat])
        visible = set(ob.hand) | set(ob.pile_cards)
        for other in range(st.rules.players):
            if other == seat:
                continue
            hidden = set(st.hands[other]) - set(st.known[other])
            if hidden & visible:
                bad.append(f"seat {seat} can see seat {other}'s hidden cards")
        if set(st.stock) & (visible - own):
            bad.append(f"seat {seat} can see stock cards")
    return bad


def soak(deals: int, players: int = 4, seed: int = 0, teams: int | None = None,
         rules: Rules | None = None, check_rejects: bool = True,
         variant: str | None = None) -> tuple[int, int, list[str]]:
    rng = random.Random(seed)
    rules = rules or Rules(variant=variant or default_name(), players=players, teams=teams)
    actions = 0
    violations: list[str] = []
    done = 0
    game = 0
    while done < deals:
        st = new_game(rules, seed=f"{seed}-{game}")
        game += 1
        legal = legal_actions(st)
        while done < deals:
            if st.phase == GAME_OVER:
                done += 1
                break
            if st.phase == DEAL_OVER:
                done += 1
                legal = legal_actions(st)
            action = rng.choice(legal)
            try:
                check(st, action)
            except IllegalAction as e:
                violations.append(f"enumerated action {action!r} rejected: {e}")
                break
            if check_rejects and rng.random() < 0.05:
                # an action from another phase or seat must be rejected and change nothing
                snap = st.snapshot()
                for probe in _probes(st, rng):
                    if is_legal(st, probe):
                        continue
                    try:
                        apply_in_place(st, probe)
                        violations.append(f"{probe!r} was applied although check rejects it")
                    except IllegalAction:
                        pass
                    if st.snapshot() != snap:
                        violations.append(f"rejected {probe!r} changed the state")
                if rng.random() < 0.2:
                    violations.extend(observation_leaks(st))
            apply_in_place(st, action)
            actions += 1
            legal = legal_actions(st)   # the next action's choices, and the invariants' check
            bad = invariants(st, legal=legal)
            if bad:
                violations.extend(f"deal {done}: {b}" for b in bad)
                break
            if len(violations) > 20:
                return done, actions, violations
    return done, actions, violations


def _probes(st: State, rng: random.Random):
    from .engine import Discard, Draw, Group, Meld, Pass, TakePile
    hand = st.hands[st.to_act]
    cards = rng.sample(hand, min(3, len(hand))) if hand else []
    yield Draw()
    yield Pass()
    if cards:
        yield Discard(rng.choice(range(st.total_cards)))
        yield Meld((Group(tuple(cards)),))
        yield TakePile(tuple(cards[:2]), ())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m canasta.soak", description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--teams", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default=default_name(), help="the game: " + ", ".join(names()))
    ap.add_argument("--rule", action="append", default=[], metavar="OPTION=VALUE",
                    help="a rule option (repeatable), e.g. jokers=6 or stock_exhausted=reshuffle")
    a = ap.parse_args(argv)
    try:
        rules = Rules.from_dict({"variant": a.variant, "players": a.players, "teams": a.teams,
                                 **rule_overrides(a.rule)})
        rules.resolved()
    except RulesError as e:
        ap.error(str(e))
    done, actions, violations = soak(a.deals, a.players, a.seed, a.teams, rules=rules, variant=a.variant)
    for v in violations[:20]:
        print("VIOLATION", v)
    extra = "".join(f", {pair}" for pair in a.rule)
    print(f"{a.variant}{extra}, {a.players} players: {done} deals, {actions} actions, {len(violations)} violations")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
