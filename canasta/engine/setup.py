"""Building states from card codes: positions and stacked decks (conformance
vectors, tests, puzzles). Raises :class:`SetupError` naming what is wrong."""

from __future__ import annotations

from typing import Any, Optional

from .actions import Action, Answer, Ask, Discard, Draw, Group, Meld, NextDeal, Pass, TakePile
from .cards import (BLACK3, CHAR_RANKS, CODE_OF, KIND_OF, MAX_PACKS, RANK_CHARS, RED3, SUITS, WILD_OF, code_kind, deck_ids,
                    ids_of_code)
from .core import is_legal
from .moves import check_exhausted, deal_from_deck, reset_turn
from .options import melds_accepting
from .rules import Rules, RulesError
from .state import DRAW, PLAY, State, TableMeld
from .registry import game_of, refresh_meld


class SetupError(ValueError):
    pass


class CardPool:
    """Hands out distinct card ids for codes: the n-th '9H' gets the n-th nine of hearts."""

    def __init__(self, packs: int, jokers: Optional[int] = None):
        self.packs = packs
        self.deck = deck_ids(packs, jokers)   # with the house rule's jokers (RULES.md 9.1)
        self.free: dict[str, list[int]] = {}
        self.used: set[int] = set()

    def take(self, code: Any) -> int:
        if not isinstance(code, str):
            raise SetupError(f"{code!r} is not a card code.")
        try:
            code_kind(code)
        except ValueError as e:
            raise SetupError(str(e)) from None
        key = code.strip().upper()
        if key in ("JO", "JOKER"):
            key = "JK"
        if key not in self.free:
            self.free[key] = [c for c in self.deck if CODE_OF[c] == key]
        if not self.free[key]:
            raise SetupError(f"There are more {key} than {self.packs} packs hold.")
        card = self.free[key].pop(0)
        self.used.add(card)
        return card

    def rest(self) -> list[int]:
        return [c for c in self.deck if c not in self.used]


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise SetupError(f"{what} must be a list.")
    return value


def rules_from(data: Any) -> Rules:
    try:
        rules = Rules.from_dict(data or {})
        return rules.resolved() and rules
    except RulesError as e:
        raise SetupError(str(e)) from None


def position(rules: Rules, data: dict) -> State:
    """A State from a position object in the conformance format."""
    if not isinstance(data, dict):
        raise SetupError("The state must be an object.")
    if "deal" in data:
        d = data["deal"]
        if not isinstance(d, dict):
            raise SetupError("deal must be an object.")
        r = rules.resolved()
        pool = CardPool(r.decks, r.jokers)  # type: ignore[arg-type]
        deck = [pool.take(c) for c in _list(d.get("deck"), "deck")]
        scores = d.get("scores") or [0] * r.teams  # type: ignore[operator]
        st, _ = deal_from_deck(rules, deck, _seat(d.get("dealer", 0), r.players, "dealer"), scores,
                               deal_number=_deal_number(d, data))
        return st
    try:
        st = State(rules)
    except RulesError as e:
        raise SetupError(str(e)) from None
    r = st.rules
    game_setup = getattr(game_of(r), "setup_position", None)   # the game's own keys
    for key in ("feet", "talons", "threes"):
        if data.get(key) is not None and not (key == "feet" and r.foot_size) and game_setup is None:
            raise SetupError(f"state.{key} is not part of the game {r.variant!r}.")
    st.deal_number = _deal_number(data)
    n, t = r.players, r.teams
    pool = CardPool(r.decks, r.jokers)  # type: ignore[arg-type]
    scores = data.get("scores", [0] * t)  # type: ignore[operator]
    if not isinstance(scores, list) or len(scores) != t or not all(isinstance(x, int) for x in scores):
        raise SetupError(f"scores must list {t} whole numbers.")
    st.scores = list(scores)
    st.dealer = _seat(data.get("dealer", 0), n, "dealer")
    st.turn = _seat(data.get("turn", 0), n, "turn")
    phase = data.get("phase", "draw")
    if phase not in (DRAW, PLAY):
        raise SetupError("phase must be 'draw' or 'play'.")
    hands = _list(data.get("hands"), "hands")
    if len(hands) != n:
        raise SetupError(f"hands must hold {n} hands.")
    for seat, h in enumerate(hands):
        for code in _list(h, f"hand {seat}"):
            card = pool.take(code)
            if KIND_OF[card] == RED3 and not getattr(game_of(r), "THREES_IN_HAND", False):
                raise SetupError("A red three cannot be in a hand.")
            st._add_to_hand(seat, card)
    feet = data.get("feet")
    if feet is not None:
        if len(_list(feet, "feet")) != n:
            raise SetupError(f"feet must hold {n} feet (null for a foot picked up).")
        for seat, f in enumerate(feet):
            if f is not None:
                st.feet[seat] = [pool.take(code) for code in _list(f, f"foot {seat}")]
    melds = _list(data.get("melds", [[] for _ in range(t)]), "melds")  # type: ignore[arg-type]
    if len(melds) != t:
        raise SetupError(f"melds must hold {t} lists, one per team.")
    started = [False] * n
    for team, team_melds in enumerate(melds):
        for m in _list(team_melds, "a team's melds"):
            if not isinstance(m, dict):
                raise SetupError("A meld must be an object with cards and by.")
            cards = [pool.take(c) for c in _list(m.get("cards"), "meld cards")]
            by = _seat(m.get("by", team), n, "by")
            if st.team_of(by) != team:
                raise SetupError(f"Seat {by} is not on team {team}.")
            kinds = {KIND_OF[c] for c in cards if not WILD_OF[c]}
            kind = m.get("kind")
            game = game_of(r)
            if kind is not None and kind not in game.MELD_KINDS:
                raise SetupError(f"A meld of kind {kind!r} is not part of the game {r.variant!r}.")
            classify = getattr(game, "classify", None)
            if classify is not None:
                # the game says what the cards make (several groups of a rank allowed)
                err, what, rank = classify(cards, r)
                if err or (kind is not None and kind != what):
                    raise SetupError(f"The meld {[CODE_OF[c] for c in cards]} is not a legal "
                                     f"{kind or 'meld'}: {err or 'it is a ' + what}.")
                tm = TableMeld(rank, cards, by, what, st.next_meld_id())
            elif kinds == {BLACK3}:
                tm = TableMeld(BLACK3, cards, by, "black3", st.next_meld_id())
            elif len(kinds) != 1 or RED3 in kinds or BLACK3 in kinds:
                raise SetupError(f"The meld {[CODE_OF[c] for c in cards]} does not hold one natural rank.")
            else:
                tm = TableMeld(kinds.pop(), cards, by, "group", st.next_meld_id())
                if st.meld_of(team, tm.rank) is not None:
                    raise SetupError("A team has at most one meld of a rank.")
            refresh_meld(tm, r)
            st.melds[team].append(tm)
            started[by] = True
    reds = _list(data.get("red_threes", [[] for _ in range(t)]), "red_threes")  # type: ignore[arg-type]
    if len(reds) != t:
        raise SetupError("red_threes must hold one list per team.")
    for team, codes in enumerate(reds):
        for code in _list(codes, "red threes"):
            card = pool.take(code)
            if KIND_OF[card] != RED3:
                raise SetupError(f"{code} is not a red three.")
            st.red3[team].append(card)
    if game_setup is not None:
        try:
            game_setup(st, data, pool.take)   # e.g. Modern American's talons and threes
        except ValueError as e:
            raise SetupError(str(e)) from None
    discard = [pool.take(c) for c in _list(data.get("discard", []), "discard")]
    st.pile = discard
    freezing = [c for c in discard if WILD_OF[c] or KIND_OF[c] == RED3
                or (KIND_OF[c] == BLACK3 and r.black_three_freezes)]
    st.sideways = freezing
    frozen = data.get("frozen")
    st.frozen = bool(freezing) if frozen is None else bool(frozen)
    stock = data.get("stock", 0)
    if isinstance(stock, list):
        st.stock = [pool.take(c) for c in stock]
    elif isinstance(stock, int) and not isinstance(stock, bool) and stock >= 0:
        rest = sorted(pool.rest(), key=lambda c: KIND_OF[c] == RED3)
        filler = rest[:stock]
        extra = stock - len(filler)
        deck = set(pool.deck)
        filler += [c for c in range(r.decks * 54, MAX_PACKS * 54) if c not in deck][:extra]  # type: ignore[operator]
        st.stock = filler[::-1]
        for c in filler:
            pool.used.add(c)
    else:
        raise SetupError("stock must be a list of cards or a number.")
    played = data.get("played")
    if played is None:
        st.played = started
    else:
        if not isinstance(played, list) or len(played) != n:
            raise SetupError(f"played must list {n} true/false values.")
        st.played = [bool(x) for x in played]
    st.outside = pool.rest() if isinstance(stock, list) or len(pool.rest()) else []
    st.total_cards = len(st.all_card_locations())
    reset_turn(st, st.turn)
    if phase == PLAY:
        st.phase = PLAY          # the seat has drawn already (perhaps the last card)
    else:
        check_exhausted(st, [])  # facing an empty stock, the deal may be over
    return st


def _deal_number(*places: dict) -> int:
    """The 0-based deal number from a 1-based ``deal_number`` (default the first deal)."""
    for place in places:
        value = place.get("deal_number")
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SetupError("deal_number must be a whole number from 1.")
            return value - 1
    return 0


def _seat(value: Any, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise SetupError(f"{what} must be a seat from 0 to {n - 1}.")
    return value


def _pick(st: State, seat: int, code: Any, taken: set) -> int:
    """The id of a card with this code in ``seat``'s hand (another copy when it is not
    there, so that the engine can say so)."""
    try:
        code_kind(code)
    except (ValueError, AttributeError):
        raise SetupError(f"{code!r} is not a card code.") from None
    key = code.strip().upper()
    for c in st.hands[seat]:
        if CODE_OF[c] == key and c not in taken:
            taken.add(c)
            return c
    for c in ids_of_code(key, MAX_PACKS):
        if c not in taken and c not in st.hands[seat]:
            taken.add(c)
            return c
    raise SetupError(f"No card {key} can be named.")


def _meld_at(st: State, seat: int, index: Any):
    """The team's meld number ``index`` (in the order the team's melds were made)."""
    melds = st.melds[st.team_of(seat)]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(melds):
        raise SetupError(f"onto {index!r} names none of the side's {len(melds)} melds.")
    return melds[index]


def _rank_of(cards) -> int:
    for c in cards:
        if not WILD_OF[c] and KIND_OF[c] != BLACK3:
            return KIND_OF[c]
    return 0


def _open_groups(st: State, seat: int, rank: int, cards=None) -> list[int]:
    """Ids of the side's open melds that ``cards`` may join (the game decides: its
    groups of ``rank``, and in Samba the sequences they extend)."""
    if cards is not None:
        return melds_accepting(st, seat, cards)
    if not rank:
        return []
    return [m.id for m in st.melds[st.team_of(seat)] if m.kind == "group" and m.rank == rank and not m.closed]


def _group(st: State, seat: int, g: Any, taken: set) -> tuple[tuple[int, ...], list]:
    """(cards, the meld ids the group may go onto, None standing for a new meld)."""
    if isinstance(g, dict) and "onto" in g:
        m = _meld_at(st, seat, g["onto"])
        cards = tuple(_pick(st, seat, c, taken) for c in _list(g.get("cards"), "group cards"))
        return cards, [m.id]
    if isinstance(g, dict):
        rank = g.get("rank")
        if not isinstance(rank, str) or rank.upper() not in CHAR_RANKS:
            raise SetupError(f"{rank!r} is not a rank.")
        cards = tuple(_pick(st, seat, c, taken) for c in _list(g.get("cards"), "group cards"))
        return cards, _open_groups(st, seat, CHAR_RANKS[rank.upper()]) or [None]
    cards = tuple(_pick(st, seat, c, taken) for c in _list(g, "a meld group"))
    rank = _rank_of(cards)
    options = _open_groups(st, seat, rank, cards)
    if not rank:  # wild cards alone join a group only when its rank is named
        options = [i for i in options if st.meld_by_id(st.team_of(seat), i).kind == "wild"]
    return cards, [None] + options


def _first_legal(st: State, seat: int, build, options: list[list]) -> Action:
    """The action ``build(choice)`` for the first combination of choices (one per group)
    that the engine accepts: a group of plain cards is a new meld when that is legal,
    otherwise it joins the side's meld of its rank. When none is legal, the last
    combination (every group onto a meld where one exists), so the engine says why."""
    from itertools import product
    combos = list(product(*options))
    for choice in combos:
        action = build(choice)
        if is_legal(st, action, seat):
            return action
    return build(combos[-1])


def action_from(st: State, data: Any) -> tuple[int, Action]:
    """(seat, Action) from a conformance action object."""
    if not isinstance(data, dict):
        raise SetupError("An action must be an object.")
    seat = _seat(data.get("seat"), st.rules.players, "seat")
    kind = data.get("type")
    taken: set = set()
    if kind == "draw":
        return seat, Draw()
    if kind == "take":
        with_cards = tuple(_pick(st, seat, c, taken) for c in _list(data.get("with", []), "with"))
        groups = [_group(st, seat, g, taken) for g in _list(data.get("melds", []), "melds")]
        top = st.pile[-1] if st.pile else None
        if data.get("onto") is not None:
            m = _meld_at(st, seat, data["onto"])
            if top is None or m.id not in _open_groups(st, seat, KIND_OF[top], (top,)):
                raise SetupError(f"onto {data['onto']!r} is not a meld the top card can join.")
            top_options = [m.id]
        else:
            top_options = [None] + (_open_groups(st, seat, KIND_OF[top], (top,)) if top is not None else [])
        def build_take(choice):
            return TakePile(with_cards, tuple(Group(cards, onto) for (cards, _), onto in zip(groups, choice[1:])),
                            choice[0])
        return seat, _first_legal(st, seat, build_take, [top_options] + [opts for _, opts in groups])
    if kind == "meld":
        groups = [_group(st, seat, g, taken) for g in _list(data.get("melds"), "melds")]
        def build_meld(choice):
            return Meld(tuple(Group(cards, onto) for (cards, _), onto in zip(groups, choice)))
        return seat, _first_legal(st, seat, build_meld, [opts for _, opts in groups])
    if kind == "discard":
        return seat, Discard(_pick(st, seat, data.get("card"), taken))
    if kind == "ask":
        return seat, Ask()
    if kind == "answer":
        if not isinstance(data.get("yes"), bool):
            raise SetupError("answer needs yes: true or false.")
        return seat, Answer(data["yes"])
    if kind == "pass":
        return seat, Pass()
    if kind in ("next_deal", "next"):
        return seat, NextDeal()
    own = getattr(game_of(st.rules), "action_from_vector", None)
    if own is not None:
        action = own(st, seat, data, lambda code: _pick(st, seat, code, taken))
        if action is not None:
            return seat, action
    if kind in ("threes", "special"):
        raise SetupError(f"The action {kind!r} is not part of the game {st.rules.variant!r}.")
    raise SetupError(f"Unknown action type {kind!r}.")


def kind_code(kind: int) -> str:
    if kind == BLACK3:
        return "3"
    return RANK_CHARS.get(kind, "?")


def team_melds_summary(st: State, team: int) -> list[dict]:
    out = []
    for m in st.melds[team]:
        d = {"kind": m.kind, "rank": kind_code(m.rank), "size": len(m.cards), "wilds": m.wilds,
             "closed": m.closed, "id": m.id}
        if m.kind == "sequence":
            d.update(rank=None, suit=SUITS[m.suit], low=RANK_CHARS[m.low], high=RANK_CHARS[m.high])
        elif m.kind == "wild":
            d["rank"] = None
        out.append(d)
    return out


def canasta_kinds(st: State, team: int) -> list[str]:
    """The kinds of the team's canastas, one entry each."""
    return [m.canasta for m in st.melds[team] if m.canasta is not None]


__all__ = ["SetupError", "CardPool", "position", "action_from", "rules_from", "team_melds_summary", "canasta_kinds"]
_ = Optional
