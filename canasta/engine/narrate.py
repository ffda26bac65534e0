"""What happened at the table, in sentences: the move log.

:func:`narrate` turns one action, the events ``apply`` reported for it and the
position just after it into one line a person reads ("West took the pile (9 cards)
with two kings and melded K-K-K-2."). It reads only what the whole table saw: a card
drawn from the stock is "a card", never which; red threes, melds, discards and the
pile's cards are public (as in :mod:`.history`).

The sentence is written from the events, so a game's own actions (Samba's merge of
two groups) and its meld kinds (sequences, wild melds) are told without a line per
game. A zone or event this module does not know raises :class:`Unnarrated` when
``strict`` (the tests play every action of every registered game that way, so a new
game that moves cards somewhere new fails loudly there); the window asks with
``strict=False`` and gets a plain sentence instead.

Standard library and the engine only: no pygame.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, Sequence

from .cards import JOKER, KIND_OF, PLURAL_NAMES, RANK_CHARS, RANK_NAMES, RANK_OF, SUIT_OF, TWO, describe
from .record import Game

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
NUMBER_WORDS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")
#: canasta kinds named by their own word ("a samba"), not "a ... canasta"
OWN_NAMES = ("samba", "escalera", "bolivia")
#: canasta kinds that the game calls books (Hand and Foot)
BOOKS = ("clean", "dirty", "wild")
#: the events a sentence may leave out (they say nothing new to a reader)
QUIET = ("turn", "unfrozen")


class Unnarrated(Exception):
    """An event or zone the move log has no words for (only raised when ``strict``)."""


class Line(NamedTuple):
    """One line of the move log: who acted (-1: nobody, a new deal), the sentence, and
    the cards it shows laid down or thrown (for marking them on the table)."""

    seat: int
    text: str
    shown: tuple[int, ...] = ()


def short(card: int) -> str:
    """A card in a meld's notation: K, 10, 2, Joker."""
    kind = KIND_OF[card]
    if kind == JOKER:
        return "Joker"
    r = RANK_OF[card]
    return "10" if r == 10 else RANK_CHARS[r]


def notation(cards: Sequence[int], sequence: bool = False) -> str:
    """K-K-K-2 (naturals then wild cards); a sequence in rank order with its suit."""
    if sequence:
        naturals = sorted((c for c in cards if KIND_OF[c] not in (TWO, JOKER)), key=lambda c: RANK_OF[c])
        wild = [c for c in cards if KIND_OF[c] in (TWO, JOKER)]
        text = "-".join(short(c) for c in naturals + wild)
        if naturals:
            text += f" of {SUIT_WORDS[SUIT_OF[naturals[0]]]}"
        return text
    naturals = [c for c in cards if KIND_OF[c] not in (TWO, JOKER)]
    wild = sorted((c for c in cards if KIND_OF[c] in (TWO, JOKER)), key=lambda c: KIND_OF[c])
    return "-".join(short(c) for c in naturals + wild)


def count_words(cards: Sequence[int]) -> str:
    """'two kings', 'a king and a joker', 'two sevens and a two'."""
    by_kind: dict[int, int] = {}
    for c in cards:
        k = KIND_OF[c]
        key = JOKER if k == JOKER else RANK_OF[c]
        by_kind[key] = by_kind.get(key, 0) + 1
    parts = []
    for key, n in by_kind.items():
        name = RANK_NAMES[key] if n == 1 else PLURAL_NAMES[key]
        if key == 3:
            name = "three" if n == 1 else "threes"
        word = NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
        parts.append(f"{'an' if (n == 1 and name[0] in 'ae') else word} {name}")
    return and_list(parts)


def and_list(parts: Sequence[str]) -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def cards_word(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def meld_name(meld: Any) -> str:
    """How a meld on the table is called: the kings, the hearts sequence, the wild meld."""
    if meld is None:
        return "a meld"
    kind = meld.kind
    if kind == "sequence":
        naturals = [c for c in meld.cards if KIND_OF[c] not in (TWO, JOKER)]
        suit = SUIT_WORDS[SUIT_OF[naturals[0]]] if naturals else ""
        return f"the {suit} sequence".replace("the  ", "the ")
    if kind == "wild":
        return "the wild meld"
    if kind == "black3":
        return "the black threes"
    return f"the {PLURAL_NAMES.get(meld.rank, 'meld')}" if meld.rank else "the meld"


def canasta_words(kind: str, meld: Any) -> str:
    """'a natural canasta of kings', 'a samba', 'an escalera'."""
    if kind in OWN_NAMES:
        return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    of = ""
    if meld is not None:
        if meld.kind == "group" and meld.rank:
            of = f" of {PLURAL_NAMES[meld.rank]}"
        elif meld.kind == "wild":
            of = " of wild cards"
        elif meld.kind == "sequence":
            of = f" in {meld_name(meld)[4:]}"
    article = "an" if kind[:1] in "aeiou" else "a"
    noun = "book" if kind in BOOKS else "canasta"
    return f"{article} {kind} {noun}{of}"


def _meld_at(after: Any, zone: tuple) -> Any:
    try:
        return after.melds[zone[1]][zone[2]]
    except (IndexError, TypeError, AttributeError):
        return None


def narrate(after: Any, seat: int, action: Any, events: Sequence[Any], names: Sequence[str],
            strict: bool = False) -> Line:
    """The log line of ``action`` played by ``seat``, from its ``events`` and the
    position ``after`` it (a State or an Observation: its melds and rules are read).
    ``names`` are the seats' names. See the module documentation for ``strict``."""
    try:
        return _narrate(after, seat, action, events, names)
    except Unnarrated:
        if strict:
            raise
    except Exception as exc:  # the log must never break the game
        if strict:
            raise Unnarrated(f"{type(action).__name__}: {exc}") from exc
    who = names[seat] if 0 <= seat < len(names) else "Someone"
    return Line(seat, f"{who} played ({type(action).__name__}).")


def team_words(after: Any, team: int, names: Sequence[str]) -> str:
    r = after.rules
    return " & ".join(names[s] for s in range(r.players) if s % r.teams == team)


def _narrate(after: Any, seat: int, action: Any, events: Sequence[Any], names: Sequence[str]) -> Line:
    who = names[seat] if 0 <= seat < len(names) else "Someone"
    drawn = 0
    red3: list[int] = []
    from_pile: list[int] = []
    upcards: list[int] = []
    discards: list[int] = []
    froze = False
    melds: dict[tuple, list[tuple[int, tuple]]] = {}
    tail: list[str] = []
    new_deal: Optional[tuple] = None
    shown: list[int] = []
    foot: Optional[int] = None          # the seat picked up its foot of this many cards
    after_foot = 0                      # cards drawn from the stock once the foot was up
    talon = 0                           # cards of a talon taken (Modern American)
    restocked = -1                      # the pile turned into a stock of this many cards
    for e in events:
        kind = e.kind
        if kind == "move":
            src, dst = e.src[:1], e.dst[:1]
            if src == ("stock",) and dst == ("hand",):
                if new_deal is None:
                    drawn += 1
                    if foot is not None:
                        after_foot += 1
            elif src == ("stock",) and dst == ("foot",) and new_deal is not None:
                continue                # the feet dealt face down
            elif src == ("foot",) and dst == ("hand",) and foot is not None:
                continue                # the foot picked up: told once, below
            elif src == ("stock",) and dst == ("talons",) and new_deal is not None:
                continue                # Modern American's talons dealt face down
            elif src == ("talons",) and dst == ("hand",):
                talon += 1              # a talon taken after the first meld (talon_bonus)
            elif dst == ("red3",) and src in (("stock",), ("hand",)):
                red3.append(e.card)
            elif src == ("pile",) and dst == ("red3",):
                from_pile.append(e.card)
                red3.append(e.card)
            elif src == ("pile",) and dst in (("hand",), ("meld",)):
                from_pile.append(e.card)
                if dst == ("meld",):
                    melds.setdefault(tuple(e.dst), []).append((e.card, tuple(e.src)))
            elif dst == ("meld",) and src in (("hand",), ("meld",)):
                melds.setdefault(tuple(e.dst), []).append((e.card, tuple(e.src)))
                shown.append(e.card)
            elif src == ("hand",) and dst == ("pile",):
                discards.append(e.card)
                shown.append(e.card)
            elif src == ("stock",) and dst == ("pile",):
                upcards.append(e.card)
            else:
                raise Unnarrated(f"a card moved from {e.src!r} to {e.dst!r}")
        elif kind == "frozen":
            froze = True
        elif kind == "pile_to_stock":
            restocked = len(e.info or ())
        elif kind == "foot":
            foot = int(e.info or 0)
        elif kind == "canasta":
            tail.append(f"{team_words(after, e.team, names)} completed "
                        f"{canasta_words(str(e.info), _meld_at(after, e.dst))}.")
        elif kind == "asked":
            tail.append(f"{names[e.seat]} asked: \"Partner, may I go out?\"")
        elif kind == "answered":
            tail.append(f"{names[e.seat]} answered: {'yes, go out' if e.info else 'no, not yet'}.")
        elif kind == "went_out":
            tail.append(f"{names[e.seat]} went out{' concealed' if e.info else ''}.")
        elif kind == "deal_over":
            res = e.info
            if res is not None and getattr(res, "went_out", None) is None:
                tail.append("The deal is over: nobody went out.")
        elif kind == "game_over":
            winners = list(e.info or ())
            if winners:
                tail.append(f"The game is over: {' and '.join(team_words(after, t, names) for t in winners)} "
                            f"won.")
            else:
                tail.append("The game is over.")
        elif kind == "special_hand":
            tail.append(f"{names[e.seat]} laid a special hand ({str(e.info).replace('_', ' ')}).")
        elif kind == "deal_started":
            new_deal = e.info
        elif kind in QUIET:
            continue
        else:
            raise Unnarrated(f"an event {kind!r}")

    if new_deal is not None:
        number, dealer = new_deal
        parts = [f"Deal {number + 1}: {names[dealer]} dealt"]
        by_team: dict[int, list[int]] = {}
        for e in events:
            if e.kind == "move" and e.dst[:1] == ("red3",):
                by_team.setdefault(e.dst[1], []).append(e.card)
        for team, reds in by_team.items():
            parts.append(f"{team_words(after, team, names)} laid down {and_list([describe(c) for c in reds])}")
        if upcards:
            parts.append(f"the upcard is {describe(upcards[-1])}")
        text = and_list(parts) + "."
        if froze:
            text += " The pile is frozen."
        return Line(-1, " ".join([text] + tail))

    verbs: list[str] = []
    if restocked >= 0:
        verbs.append(f"turned the pile over into a new stock of {cards_word(restocked)} "
                     "(its top card stays as the pile)")
    drawn -= after_foot                 # red threes of the foot replaced: told with the foot
    if drawn or (red3 and not from_pile and not melds and foot is None):
        v = ("drew a card" if drawn == 1 else f"drew {cards_word(drawn)}") if drawn else "drew"
        if red3:
            v += f", laying down {and_list([describe(c) for c in red3])}"
        verbs.append(v)
        red3 = []
    if from_pile:
        n = len(from_pile)
        v = f"took the pile ({cards_word(n)})"
        with_cards = tuple(getattr(action, "with_cards", ()) or ())
        if with_cards:
            v += f" with {count_words(with_cards)}"
        verbs.append(v)
    merged = [(dst, cards) for dst, cards in melds.items() if any(src[:1] == ("meld",) for _, src in cards)]
    if merged:
        for dst, cards in merged:
            m = _meld_at(after, dst)
            verbs.append(f"combined two groups of {PLURAL_NAMES.get(getattr(m, 'rank', 0), 'cards')} "
                         f"into one of {cards_word(len(m.cards)) if m is not None else 'cards'}")
    made: list[str] = []
    added: list[str] = []
    for dst, cards in melds.items():
        if (dst, cards) in merged:
            continue
        m = _meld_at(after, dst)
        ids = [c for c, _ in cards]
        seq = m is not None and m.kind == "sequence"
        if m is not None and len(m.cards) == len(ids):
            made.append(notation(ids, seq))
        else:
            added.append(f"{notation(ids, seq)} to {meld_name(m)}")
    if made:
        verbs.append(f"melded {and_list(made)}")
    if added:
        verbs.append(f"added {and_list(added)}")
    if red3 and foot is None:
        verbs.append(f"laid down {and_list([describe(c) for c in red3])}")
    for c in discards:
        verbs.append(f"discarded {describe(c)}" + (", freezing the pile" if froze else ""))
    if foot is not None:
        v = f"picked up the foot ({cards_word(foot)})"
        if red3:
            v += f", laying down {and_list([describe(c) for c in red3])}"
            if after_foot:
                v += f" and drawing {cards_word(after_foot)} for {'it' if len(red3) == 1 else 'them'}"
        verbs.append(v)
    if talon:
        verbs.append(f"took a talon ({cards_word(talon)})")
    if type(action).__name__ == "Pass":
        verbs.append("passed, as the stock is empty")
    if not verbs and not tail:
        raise Unnarrated(f"no words for {type(action).__name__} with events {[e.kind for e in events]}")
    text = ""
    if verbs:
        text = f"{who} {and_list(verbs)}."
        text = text[0].upper() + text[1:]
    return Line(seat, " ".join(([text] if text else []) + tail), tuple(shown))


def opening_line(st: Any, names: Sequence[str]) -> Line:
    """The first line of a deal, from its position before anyone played: who dealt,
    the red threes laid from the hands, the upcard."""
    parts = [f"Deal {st.deal_number + 1}: {names[st.dealer]} dealt"]
    for team, reds in enumerate(st.red3):
        if reds:
            parts.append(f"{team_words(st, team, names)} laid down {and_list([describe(c) for c in reds])}")
    if st.pile:
        parts.append(f"the upcard is {describe(st.pile[-1])}")
    text = and_list(parts) + "."
    if st.frozen:
        text += " The pile is frozen."
    return Line(-1, text)


def deal_lines(game: Any, names: Sequence[str], strict: bool = False,
               on_action: Optional[Callable[[int, int, int, Any, Sequence[Any]], None]] = None) -> list[Line]:
    """The log of the deal in progress of ``game`` (a :class:`~.record.Game`), from its
    record: the actions are played again on a fresh game (from the start of the game,
    as the deal's position depends on every deal before it). ``on_action(index, seat,
    turn, action, events)`` is called for every action of the game (``seat`` played
    it during ``turn``'s turn), for other bookkeeping."""
    fresh = Game(game.rules, game.seed, game.first_dealer)
    lines: list[Line] = []
    lines.append(opening_line(fresh.state, names))
    for i, action in enumerate(game.actions):
        seat, turn = fresh.state.to_act, fresh.state.turn
        events = fresh.play(action)
        if any(e.kind == "deal_started" for e in events):
            lines = []
        lines.append(narrate(fresh.state, seat, action, events, names, strict))
        if on_action is not None:
            on_action(i, seat, turn, action, events)
    return lines


def seen_lines(after: Any, history: Sequence[Any], start: int, names: Sequence[str]) -> list[Line]:
    """Log lines for what the table saw (``history[start:]``, entries of the public
    history, :mod:`canasta.engine.history`) without the actions behind them: a window
    back after a dropped connection tells the moves it missed this way. Draws, face
    down, leave no entry. ``after`` is the position now (its melds name a meld)."""
    out: list[Line] = []
    teams = after.rules.teams
    for i in range(max(0, start), len(history)):
        e = history[i]
        who = names[e.seat] if 0 <= e.seat < len(names) else "Someone"
        cards = tuple(e.cards)
        shown: tuple[int, ...] = ()
        if e.what == "discard" and cards:
            text, shown = f"{who} discarded {describe(cards[-1])}.", cards[-1:]
        elif e.what == "take":
            text = f"{who} took the pile ({cards_word(len(cards))})."
        elif e.what == "meld":
            team = e.seat % teams if e.seat >= 0 else 0
            meld = next((m for m in after.melds[team] if m.id == e.meld), None)
            sequence = meld is not None and meld.kind == "sequence"
            earlier = any(h.what == "meld" and h.meld == e.meld and h.seat % teams == team for h in history[:i])
            text = (f"{who} added {notation(cards, sequence)} to {meld_name(meld)}." if earlier
                    else f"{who} melded {notation(cards, sequence)}.")
            shown = cards
        elif e.what == "red3":
            text = f"{who} laid down {and_list([describe(c) for c in cards])}."
        elif e.what == "upcard" and cards:
            text = f"The upcard is {describe(cards[-1])}."
        elif e.what == "restock":
            text = "The pile but its top card became the new stock."
        else:
            continue
        out.append(Line(e.seat, text, shown))
    return out
