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

Every line is a message of :mod:`canasta.i18n` (a :class:`~canasta.i18n.Text` whose
value is the English sentence) built of messages with arguments: the seats' names,
the card notation (K-K-K-2) and numbers are the only pieces that are not words of the
catalog, so a record re-narrates in whatever language is in use when it is shown.

Standard library and the engine only: no pygame.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, Sequence

from ..i18n import N_, t, tn
from .cards import JOKER, KIND_OF, RANK_CHARS, RANK_OF, SUIT_OF, TWO, describe
from .record import Game
from .words import NUMBER_WORDS, RANK_PLURALS, SUIT_WORDS, and_list, rank_count, sequence_name, word  # noqa: F401
#: canasta kinds named by their own word ("a samba"), not "a ... canasta"
OWN_NAMES = ("samba", "escalera", "bolivia")
#: canasta kinds that the game calls books (Hand and Foot)
BOOKS = ("clean", "dirty", "wild")
#: the events a sentence may leave out (they say nothing new to a reader)
QUIET = ("turn", "unfrozen")


def _both(teams: Sequence[str]) -> Any:
    """Winning teams, 'North & South and East & West' ("and" between every two)."""
    if len(teams) <= 1:
        return teams[0] if teams else ""
    return t("{first} and {last}", first=teams[0], last=_both(teams[1:]))


class Unnarrated(Exception):
    """An event or zone the move log has no words for (only raised when ``strict``)."""


class Line(NamedTuple):
    """One line of the move log: who acted (-1: nobody, a new deal), the sentence, and
    the cards it shows laid down or thrown (for marking them on the table)."""

    seat: int
    text: str                       # a Text: rendered with canasta.i18n.tr
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
            return t("{cards} of {suit}", cards=text, suit=word(SUIT_WORDS[SUIT_OF[naturals[0]]]))
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
    return and_list([rank_count(key, n) for key, n in by_kind.items()])


def cards_word(n: int) -> str:
    return tn("{count} card", "{count} cards", n)


def meld_name(meld: Any) -> str:
    """How a meld on the table is called: the kings, the hearts sequence, the wild meld."""
    if meld is None:
        return t("a meld")
    kind = meld.kind
    if kind == "sequence":
        return sequence_name(_suit_of(meld))
    if kind == "wild":
        return t("the wild meld")
    if kind == "black3":
        return t("the black threes")
    if not meld.rank:
        return t("the meld")
    if meld.rank in RANK_PLURALS:
        return t("the {ranks}", ranks=word(RANK_PLURALS[meld.rank]))
    return t("the meld")


def _suit_of(meld: Any) -> Optional[int]:
    naturals = [c for c in meld.cards if KIND_OF[c] not in (TWO, JOKER)]
    return SUIT_OF[naturals[0]] if naturals else None


#: the canastas and books by their kind ("a natural canasta"; "wild" is Hand and
#: Foot's book, the only wild canasta a game names), one message each so that a
#: translator agrees the article with the noun; a kind not here is told as
#: "a canasta (kind)"
CANASTA_NAMES = {"natural": N_("a natural canasta"), "mixed": N_("a mixed canasta"),
                 "wild": N_("a wild book"), "samba": N_("a samba"), "escalera": N_("an escalera"),
                 "bolivia": N_("a bolivia"), "clean": N_("a clean book"), "dirty": N_("a dirty book"),
                 "sevens": N_("a sevens canasta"), "aces": N_("an aces canasta")}


def canasta_words(kind: str, meld: Any) -> str:
    """'a natural canasta of kings', 'a samba', 'an escalera'."""
    if kind in CANASTA_NAMES:
        name = t(CANASTA_NAMES[kind])
    else:
        # a kind no game names yet: one sentence whatever the kind's gender (each
        # known kind is a message of its own, above)
        name = t("a canasta ({kind})", kind=kind)
    if kind in OWN_NAMES or meld is None:
        return name
    if meld.kind == "group" and meld.rank:
        return t("{canasta} of {ranks}", canasta=name, ranks=word(RANK_PLURALS[meld.rank]))
    if meld.kind == "wild":
        return t("{canasta} of wild cards", canasta=name)
    if meld.kind == "sequence":
        return t("{canasta} in {sequence}", canasta=name, sequence=sequence_name(_suit_of(meld), article=False))
    return name


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
    who = names[seat] if 0 <= seat < len(names) else t("Someone")
    return Line(seat, t("{who} played ({action}).", who=who, action=type(action).__name__))


def team_words(after: Any, team: int, names: Sequence[str]) -> str:
    """The names of a team's seats ("North & South"; names are not words to translate)."""
    r = after.rules
    return " & ".join(names[s] for s in range(r.players) if s % r.teams == team)


#: American Canasta's special hands (the event's info) in a sentence
SPECIAL_WORDS = {"straight": N_("straight"), "pairs": N_("pairs"), "pairs_wild": N_("pairs wild"),
                 "garbage": N_("garbage")}


def _special(name: str) -> Any:
    return word(SPECIAL_WORDS[name]) if name in SPECIAL_WORDS else name.replace("_", " ")


def _deal_opening(number: int, dealer: str, reds: Sequence[tuple[str, Sequence[int]]],
                  upcard: Optional[int], frozen: bool) -> Any:
    """'Deal 2: West dealt, North & South laid down the three of hearts and the upcard
    is the king of spades. The pile is frozen.'"""
    parts = [t("Deal {number}: {dealer} dealt", number=number, dealer=dealer)]
    for team, cards in reds:
        parts.append(t("{team} laid down {cards}", team=team, cards=and_list([describe(c) for c in cards])))
    if upcard is not None:
        parts.append(t("the upcard is {card}", card=describe(upcard)))
    text = t("{sentence}.", sentence=and_list(parts))
    if frozen:
        text = t("{sentence} The pile is frozen.", sentence=text)
    return text


def _joined(lines: Sequence[Any]) -> Any:
    """Sentences one after another (a space between)."""
    lines = [x for x in lines if x]
    if len(lines) <= 1:
        return lines[0] if lines else ""
    return t("{first} {rest}", first=lines[0], rest=_joined(lines[1:]))


def _narrate(after: Any, seat: int, action: Any, events: Sequence[Any], names: Sequence[str]) -> Line:
    who = names[seat] if 0 <= seat < len(names) else t("Someone")
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
            tail.append(t("{team} completed {canasta}.", team=team_words(after, e.team, names),
                          canasta=canasta_words(str(e.info), _meld_at(after, e.dst))))
        elif kind == "asked":
            tail.append(t("{name} asked: \"Partner, may I go out?\"", name=names[e.seat]))
        elif kind == "answered":
            tail.append(t("{name} answered: yes, go out.", name=names[e.seat]) if e.info
                        else t("{name} answered: no, not yet.", name=names[e.seat]))
        elif kind == "went_out":
            tail.append(t("{name} went out concealed.", name=names[e.seat]) if e.info
                        else t("{name} went out.", name=names[e.seat]))
        elif kind == "deal_over":
            res = e.info
            if res is not None and getattr(res, "went_out", None) is None:
                tail.append(t("The deal is over: nobody went out."))
        elif kind == "game_over":
            winners = list(e.info or ())
            if winners:
                tail.append(t("The game is over: {winners} won.",
                              winners=_both([team_words(after, w, names) for w in winners])))
            else:
                tail.append(t("The game is over."))
        elif kind == "special_hand":
            tail.append(t("{name} laid a special hand ({hand}).", name=names[e.seat], hand=_special(str(e.info))))
        elif kind == "deal_started":
            new_deal = e.info
        elif kind in QUIET:
            continue
        else:
            raise Unnarrated(f"an event {kind!r}")

    if new_deal is not None:
        number, dealer = new_deal
        by_team: dict[int, list[int]] = {}
        for e in events:
            if e.kind == "move" and e.dst[:1] == ("red3",):
                by_team.setdefault(e.dst[1], []).append(e.card)
        text = _deal_opening(number + 1, names[dealer],
                             [(team_words(after, team, names), reds) for team, reds in by_team.items()],
                             upcards[-1] if upcards else None, froze)
        return Line(-1, _joined([text] + tail))

    verbs: list[str] = []
    if restocked >= 0:
        verbs.append(t("turned the pile over into a new stock of {cards} (its top card stays as the pile)",
                       cards=cards_word(restocked)))
    drawn -= after_foot                 # red threes of the foot replaced: told with the foot
    if drawn or (red3 and not from_pile and not melds and foot is None):
        v = (t("drew a card") if drawn == 1 else t("drew {cards}", cards=cards_word(drawn))) if drawn else t("drew")
        if red3:
            v = t("{action}, laying down {cards}", action=v, cards=and_list([describe(c) for c in red3]))
        verbs.append(v)
        red3 = []
    if from_pile:
        n = len(from_pile)
        v = t("took the pile ({cards})", cards=cards_word(n))
        with_cards = tuple(getattr(action, "with_cards", ()) or ())
        if with_cards:
            v = t("took the pile ({cards}) with {ranks}", cards=cards_word(n), ranks=count_words(with_cards))
        verbs.append(v)
    merged = [(dst, cards) for dst, cards in melds.items() if any(src[:1] == ("meld",) for _, src in cards)]
    if merged:
        for dst, cards in merged:
            m = _meld_at(after, dst)
            rank = getattr(m, "rank", 0)
            verbs.append(t("combined two groups of {ranks} into one of {cards}",
                           ranks=word(RANK_PLURALS[rank]) if rank in RANK_PLURALS else t("cards"),
                           cards=cards_word(len(m.cards)) if m is not None else t("cards")))
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
            added.append(t("{cards} to {meld}", cards=notation(ids, seq), meld=meld_name(m)))
    if made:
        verbs.append(t("melded {melds}", melds=and_list(made)))
    if added:
        verbs.append(t("added {melds}", melds=and_list(added)))
    if red3 and foot is None:
        verbs.append(t("laid down {cards}", cards=and_list([describe(c) for c in red3])))
    for c in discards:
        verbs.append(t("discarded {card}, freezing the pile", card=describe(c)) if froze
                     else t("discarded {card}", card=describe(c)))
    if foot is not None:
        v = t("picked up the foot ({cards})", cards=cards_word(foot))
        if red3:
            reds = and_list([describe(c) for c in red3])
            if after_foot:
                v = tn("picked up the foot ({cards}), laying down {reds} and drawing {drawn} for it",
                       "picked up the foot ({cards}), laying down {reds} and drawing {drawn} for them",
                       len(red3), cards=cards_word(foot), reds=reds, drawn=cards_word(after_foot))
            else:
                v = t("picked up the foot ({cards}), laying down {reds}", cards=cards_word(foot), reds=reds)
        verbs.append(v)
    if talon:
        verbs.append(t("took a talon ({cards})", cards=cards_word(talon)))
    if type(action).__name__ == "Pass":
        verbs.append(t("passed, as the stock is empty"))
    if not verbs and not tail:
        raise Unnarrated(f"no words for {type(action).__name__} with events {[e.kind for e in events]}")
    text: Any = ""
    if verbs:
        # the sentence starts with the name: capitalised as a sentence starts
        text = t("{who} {actions}.", who=who[:1].upper() + who[1:] if not hasattr(who, "key") else who,
                 actions=and_list(verbs))
    return Line(seat, _joined(([text] if text else []) + tail), tuple(shown))


def opening_line(st: Any, names: Sequence[str]) -> Line:
    """The first line of a deal, from its position before anyone played: who dealt,
    the red threes laid from the hands, the upcard."""
    reds = [(team_words(st, team, names), cards) for team, cards in enumerate(st.red3) if cards]
    return Line(-1, _deal_opening(st.deal_number + 1, names[st.dealer], reds,
                                  st.pile[-1] if st.pile else None, st.frozen))


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
        who = names[e.seat] if 0 <= e.seat < len(names) else t("Someone")
        cards = tuple(e.cards)
        shown: tuple[int, ...] = ()
        if e.what == "discard" and cards:
            text, shown = t("{who} discarded {card}.", who=who, card=describe(cards[-1])), cards[-1:]
        elif e.what == "take":
            text = t("{who} took the pile ({cards}).", who=who, cards=cards_word(len(cards)))
        elif e.what == "meld":
            team = e.seat % teams if e.seat >= 0 else 0
            meld = next((m for m in after.melds[team] if m.id == e.meld), None)
            sequence = meld is not None and meld.kind == "sequence"
            earlier = any(h.what == "meld" and h.meld == e.meld and h.seat % teams == team for h in history[:i])
            text = (t("{who} added {cards} to {meld}.", who=who, cards=notation(cards, sequence), meld=meld_name(meld))
                    if earlier else t("{who} melded {cards}.", who=who, cards=notation(cards, sequence)))
            shown = cards
        elif e.what == "red3":
            text = t("{who} laid down {cards}.", who=who, cards=and_list([describe(c) for c in cards]))
        elif e.what == "upcard" and cards:
            text = t("The upcard is {card}.", card=describe(cards[-1]))
        elif e.what == "restock":
            text = t("The pile but its top card became the new stock.")
        else:
            continue
        out.append(Line(e.seat, text, shown))
    return out
