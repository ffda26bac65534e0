"""The coach: how many points each decision of a seat cost, judged by the hard search.

For every decision of the chosen seat in a recorded game, the coach rebuilds the
position, takes that seat's observation at that moment (``observe(state, seat)``,
never the hands revealed later), and plays the move that was made and the best few
alternatives (ranked by the medium heuristic) in the same sampled worlds with
:func:`canasta.ai.search.score_actions`. The cost of the move is how far its mean
margin falls below the best alternative's, counted only when that alternative's
gain is clear (more than two standard errors of the paired differences): a move the
search cannot tell apart from the best costs nothing. Moves that cost more than
:data:`FLAG_POINTS` are flagged with one sentence in the style of the hint.

    from canasta.ai.coach import review
    for d in review(game, seat=0):          # a canasta.engine.record.Game
        print(d.cost, d.sentence)

Everything depends on the record, the seat and the coach's seed only (the search
plays a fixed number of worlds), so a review can be stored and shown again.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterator, Optional, Sequence

from ..engine import apply_in_place, legal_actions, new_game
from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import KIND_OF, PLURAL_NAMES, describe
from ..engine.observe import Observation, observe
from ..engine.record import Game, action_from_json, action_to_json
from ..engine.state import DEAL_OVER, GAME_OVER, State
from .policy import medium_scores, trivial
from .valuation import NEG
from ..i18n import Listed, Text, t
from .phrases import AndOnly, Capital, Grouped, Words, gerund
from .search import COACH_WORLDS, score_actions

#: a decision that cost more than this many points is flagged (see docs/review.md)
FLAG_POINTS = 40.0
#: an alternative counts as better only when its mean gain is this many standard
#: errors of the paired differences above zero (see docs/review.md)
CLEAR_SE = 2.0
#: alternatives to the move played, the medium heuristic's best ones
ALTERNATIVES = 4
#: results stored with the game are reused only when made with these settings; bump it
#: whenever a verdict or its sentence would read differently (2: the sentences reworded;
#: 3: every move of a decision followed to the same moment of the deal; 4: the reason is the
#: fact behind the better move that the hint gives, canasta.ai.advice.why; 5: the sentence is
#: kept as its message and arguments, shown in the language of the moment)
COACH_VERSION = 5

StopCheck = Optional[Callable[[], bool]]


@dataclass(frozen=True)
class Decision:
    """The coach's verdict on one decision of the reviewed seat."""

    index: int               # the action's position in the game record (0-based)
    deal: int                # 1-based deal number
    seat: int
    played: Action
    best: Action             # the move the coach prefers (the move played when none is clearly better)
    cost: float              # points the move played cost against ``best`` (0 when not clearly worse)
    alternatives: int        # moves compared, the one played included
    worlds: int
    sentence: str            # empty unless flagged

    @property
    def flagged(self) -> bool:
        return self.cost > FLAG_POINTS

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["played"] = action_to_json(self.played)
        d["best"] = action_to_json(self.best)
        d["cost"] = round(self.cost, 1)
        d["flagged"] = self.flagged
        d["sentence"] = str.__str__(self.sentence)     # the English words, for the command line's JSON
        if isinstance(self.sentence, Text):
            d["message"] = message_to_json(self.sentence)   # what the review shows, in any language
        return d

    @classmethod
    def from_json(cls, d: Any, limit: int) -> "Decision":
        """Raises ValueError (RecordError) for anything malformed."""
        if not isinstance(d, dict):
            raise ValueError("a coach result must be an object")
        ints = {}
        for k in ("index", "deal", "seat", "alternatives", "worlds"):
            v = d.get(k)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"a coach result has no valid {k}")
            ints[k] = v
        cost = d.get("cost")
        if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not math.isfinite(cost) or cost < 0:
            raise ValueError("a coach result has no valid cost")
        sentence = d.get("sentence", "")
        if not isinstance(sentence, str):
            raise ValueError("a coach result has no valid sentence")
        if "message" in d:
            sentence = message_from_json(d["message"])
        return cls(played=action_from_json(d.get("played"), limit), best=action_from_json(d.get("best"), limit),
                   cost=float(cost), sentence=sentence, **ints)


# --------------------------------------------------------------------------- kept sentences

#: how deep a kept sentence's arguments may nest (a sentence in a sentence in a list...)
_MESSAGE_DEPTH = 8


def message_to_json(value: Any) -> Any:
    """A coach's sentence as JSON: its message keys and arguments, never words of one
    language (so a review kept in Spanish is shown in German)."""
    if isinstance(value, Text):
        return {"key": value.key, "plural": value.plural, "n": value.n,
                "args": {k: message_to_json(v) for k, v in value.args.items()}}
    if isinstance(value, Capital):
        return {"capital": message_to_json(value.words)}
    if isinstance(value, Grouped):
        return {"grouped": value.value}
    if isinstance(value, Listed):
        return {"listed": [message_to_json(v) for v in value.items], "between": value.between,
                "and_only": isinstance(value, AndOnly)}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ValueError(f"a coach sentence holds a {type(value).__name__}")


def message_from_json(data: Any, depth: int = 0) -> Any:
    """The sentence :func:`message_to_json` kept; raises ValueError for anything else."""
    if depth > _MESSAGE_DEPTH:
        raise ValueError("a coach result's sentence nests too deep")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if not isinstance(data, dict):
        raise ValueError("a coach result has no valid sentence")
    if "key" in data:
        key, plural, n, args = data.get("key"), data.get("plural"), data.get("n"), data.get("args")
        if (not isinstance(key, str) or not (plural is None or isinstance(plural, str))
                or not (n is None or (isinstance(n, int) and not isinstance(n, bool))) or not isinstance(args, dict)):
            raise ValueError("a coach result has no valid sentence")
        return Text(key, plural, n, **{str(k): message_from_json(v, depth + 1) for k, v in args.items()})
    if "capital" in data:
        return Capital(message_from_json(data["capital"], depth + 1))
    if "grouped" in data:
        value = data["grouped"]
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("a coach result has no valid sentence")
        return Grouped(value)
    if "listed" in data:
        items, between = data.get("listed"), data.get("between")
        if not isinstance(items, list) or not isinstance(between, str):
            raise ValueError("a coach result has no valid sentence")
        kind = AndOnly if data.get("and_only") is True else Words
        return kind([message_from_json(v, depth + 1) for v in items], between)
    raise ValueError("a coach result has no valid sentence")


# --------------------------------------------------------------------------- positions


def positions(game: Game) -> Iterator[tuple[int, State, Action]]:
    """Every action of the record with the state just before it (the state is a fresh
    copy each time, free to keep)."""
    if getattr(game, "seeds", None):     # a table server's game: each deal has its own seed
        g = game.fresh()
        for i, a in enumerate(game.actions):
            yield i, g.state.clone(), a
            g.play(a)
        return
    st = new_game(game.rules, game.seed, game.first_dealer)
    for i, a in enumerate(game.actions):
        yield i, st.clone(), a
        apply_in_place(st, a)


def decisions_of(game: Game, seat: int, deal: Optional[int] = None) -> Iterator[tuple[int, State, Action]]:
    """The positions where ``seat`` had a real choice (more than one distinct legal
    action), in deal ``deal`` (1-based) or in every deal."""
    for i, st, a in positions(game):
        if st.phase in (DEAL_OVER, GAME_OVER) or st.to_act != seat:
            continue
        number = st.deal_number + 1
        if deal is not None and number != deal:
            if number > deal:
                return
            continue
        legal = legal_actions(st)
        if trivial(legal) is not None:
            continue
        yield i, st, a


def count_decisions(game: Game, seat: int, deal: Optional[int] = None) -> int:
    return sum(1 for _ in decisions_of(game, seat, deal))


def deals_in(game: Game) -> int:
    """How many deals the record reaches (the deal in progress counts)."""
    return game.state.deal_number + 1


# --------------------------------------------------------------------------- equivalence

_CARD_FIELDS = ("cards", "with_cards")


def action_key(a: Any) -> Any:
    """A key equal for actions that are the same choice: the same kinds of card to the
    same places (the two kings of hearts are the same card to a player)."""
    if isinstance(a, tuple) and hasattr(a, "_fields"):
        parts: list[Any] = [type(a).__name__]
        for name in a._fields:
            v = getattr(a, name)
            if name == "card" and isinstance(v, int):
                parts.append(("card", KIND_OF[v]))
            elif name in _CARD_FIELDS and isinstance(v, tuple):
                parts.append((name, tuple(sorted(KIND_OF[c] for c in v))))
            elif isinstance(v, tuple):
                parts.append((name, tuple(sorted((action_key(x) for x in v), key=repr))))
            else:
                parts.append((name, v))
        return tuple(parts)
    return a


def equivalent(played: Action, legal: Sequence[Action]) -> Optional[int]:
    """The index in ``legal`` of the representative of ``played``, if it has one."""
    key = action_key(played)
    for i, a in enumerate(legal):
        if type(a) is type(played) and action_key(a) == key:
            return i
    return None


# --------------------------------------------------------------------------- judging


def candidates(obs: Observation, legal: Sequence[Action], played: Action,
               alternatives: int = ALTERNATIVES) -> list[Action]:
    """The move played first, then the medium heuristic's best other moves."""
    scores = medium_scores(obs, legal)
    same = equivalent(played, legal)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    others = [i for i in order if i != same and scores[i] > NEG / 2][:alternatives]
    if not others:
        others = [i for i in order if i != same][:1]
    return [played] + [legal[i] for i in others]


def judge(obs: Observation, legal: Sequence[Action], played: Action, *, seed: object = 0,
          worlds: int = COACH_WORLDS, should_stop: StopCheck = None) -> tuple[Action, float, int, int]:
    """(best move, cost of ``played``, moves compared, worlds played) for one decision,
    from the observation alone."""
    cands = candidates(obs, legal, played)
    if len(cands) == 1:
        return played, 0.0, 1, 0
    results = score_actions(obs, cands, seed=seed, worlds=worlds, should_stop=should_stop)
    base = results[0]
    n = len(base)
    best_j, best_gain = 0, 0.0
    if n >= 2:
        for j in range(1, len(cands)):
            diffs = [x - y for x, y in zip(results[j], base)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = math.sqrt(var / n)
            if mean > CLEAR_SE * se and mean > best_gain:
                best_j, best_gain = j, mean
    return cands[best_j], best_gain, len(cands), n


def sentence(obs: Observation, legal: Sequence[Action], played: Action, best: Action, cost: float) -> str:
    """'Taking the pile here was worth about 180 more than drawing from the stock: 14
    cards and it completes your side's canasta of kings.'"""
    from .advice import why
    head, reason = why(obs, best, legal, runner=played)
    better = gerund(obs, best)
    if better == gerund(obs, played):
        better = t("{move} another way", move=better)
    amount = int(round(cost / 10.0)) * 10
    return t("{move} here was worth about {points} more than {other}: {reason}.", move=Capital(better),
             points=amount, other=gerund(obs, played), reason=reason or head)


def coach_decision(index: int, st: State, played: Action, *, seed: object = 0, worlds: int = COACH_WORLDS,
                   should_stop: StopCheck = None) -> Decision:
    """The verdict on the action ``played`` from position ``st`` (by its seat to act),
    judged from that seat's observation only."""
    seat = st.to_act
    obs = observe(st, seat)
    legal = legal_actions(st)
    best, cost, n_alt, n_worlds = judge(obs, legal, played, seed=seed, worlds=worlds, should_stop=should_stop)
    cost = round(cost, 1)   # as stored with the game: a verdict read back is the same verdict
    text = sentence(obs, legal, played, best, cost) if cost > FLAG_POINTS else ""
    return Decision(index=index, deal=st.deal_number + 1, seat=seat, played=played, best=best, cost=cost,
                    alternatives=n_alt, worlds=n_worlds, sentence=text)


def review(game: Game, seat: int = 0, deal: Optional[int] = None, *, seed: object = 0,
           worlds: int = COACH_WORLDS, should_stop: StopCheck = None) -> Iterator[Decision]:
    """The coach's verdicts on ``seat``'s decisions, one by one as they are judged (so
    the first ones can be shown while the rest are searched). Stops early, without a
    verdict for the decision under way, once ``should_stop`` returns True."""
    for i, st, a in decisions_of(game, seat, deal):
        if should_stop is not None and should_stop():
            return
        d = coach_decision(i, st, a, seed=seed, worlds=worlds, should_stop=should_stop)
        if should_stop is not None and should_stop():
            return
        yield d


def summary_line(decisions: Sequence[Decision]) -> str:
    """The command line's last line (canasta.review): for developers, in English."""
    n = len(decisions)
    k = sum(1 for d in decisions if d.flagged)
    total = sum(d.cost for d in decisions)
    return f"{n} decisions, {k} flagged, expected cost {total:.0f} points"
