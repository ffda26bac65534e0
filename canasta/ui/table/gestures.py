"""From a gesture to a move: the table's drops turned into engine actions.

:func:`propose` is a pure function (no pygame, no window): given the state, the cards
picked up and the zone they were released on, it answers with one of

- :class:`Play`: the move the drop means, a proposal the engine judges when it is
  played (its sentence is the one the player sees when it refuses): the table asks the
  engine once per drop (:meth:`.controller.TableController.play_drop`);
- :class:`Stage`: the cards join the melds being staged for a first meld (or for
  taking the pile), to be laid down together;
- :class:`Refuse`: the drop is not played; ``sentence`` says why (the table's own
  words, such as *draw first*, or the engine's when it was asked instead of playing);
- ``None``: the zone means nothing for these cards (they slide back, silently).

:func:`interpret` is the same drop with the engine's verdict on the proposal: what
the drop *would* do. It is a preview, for the drop zones lit while cards are dragged
(:func:`drop_targets`) and for a button's reason; it never judges a drop that is made.

A meld of the side may be dragged too, where the game combines two groups of one
rank (Samba's option ``merge_groups``): dropped on another meld it is combined with
it (:func:`merge_onto`).

Zones are named as the layout names them: ``"pile"``, ``"meld_area"`` (the empty
part of the viewer's side), ``"hand"`` and ``"meld:<id>"`` for the side's meld with
that id (:func:`meld_zone`). Every verdict comes from the engine (``check``,
``is_legal``, ``preview_groups``, or playing the move); nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Optional, Sequence, Union

from ...engine import Discard, Group, IllegalAction, Meld, TakePile, check, is_legal, legal_actions, preview_groups
from ...engine.cards import KIND_OF, POINTS_OF, WILD_OF
from ...engine.state import DRAW, PLAY
from ... import i18n
from ...i18n import N_, Listed, Text, t, tr  # noqa: F401  (Listed imported from here too)

STAGING_BLOCKS = Text(N_("Lay down the staged melds first, or click them to take them back."))
DRAW_FIRST = Text(N_("Draw first: click the stock or take the pile."))


def refusal_of(e: Exception) -> str:
    """The engine's sentence in an :class:`IllegalAction`, kept a message with its
    arguments (``str(e)`` would keep only its English)."""
    said = getattr(e, "text", None)
    if isinstance(said, str) and said:
        return said
    return e.args[0] if e.args and isinstance(e.args[0], str) else str(e)


class LowerFirst:
    """A sentence continued after a colon inside another: its first letter small
    ("You cannot go out yet: you need two canastas"), in the language in use (German
    keeps its capitals: its nouns begin with them)."""

    def __init__(self, sentence, whole: bool = False):
        self.sentence = sentence
        self.whole = whole        # every letter small ("a run of seven", inside a sentence)

    def __format__(self, spec: str) -> str:
        said = tr(self.sentence)
        if not said or i18n.current() == "de":
            return said
        if self.whole:
            return said.lower()
        return said[0].lower() + said[1:]

    def __str__(self) -> str:
        return format(self, "")


class Capital(LowerFirst):
    """A sentence's part that begins it: its first letter a capital."""

    def __format__(self, spec: str) -> str:
        said = tr(self.sentence)
        if i18n.current() == "en":
            return said.capitalize()       # as the game always said it
        return said[:1].upper() + said[1:]


@dataclass(frozen=True)
class Stage:
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Play:
    """Play ``action``. Should the engine refuse it, the drop may mean the next of
    ``otherwise`` (another reading of the same drop: the pile taken onto another meld),
    then ``instead`` (the cards staged); failing all, the player is told ``refused``
    (the table's own words) or the engine's sentence for the move ``told``."""
    action: object
    otherwise: tuple = ()
    instead: Optional[Stage] = None
    refused: str = ""
    told: int = 0          # the move (in :meth:`moves`) whose refusal is said
    fallback: str = ""     # said when the engine has no sentence for it

    def moves(self) -> tuple:
        """The actions the drop may be played as, in their order."""
        return (self.action,) + self.otherwise


@dataclass(frozen=True)
class Refuse:
    sentence: str
    action: Optional[object] = None


Outcome = Union[Play, Stage, Refuse, None]


def meld_zone(meld) -> str:
    """The name of the drop zone of a meld on the table: it names the meld by its id."""
    return f"meld:{meld.id}"


def zone_meld_id(zone: str) -> Optional[int]:
    """The meld id a ``"meld:<id>"`` zone names (None for any other zone)."""
    if not zone.startswith("meld:"):
        return None
    try:
        return int(zone[5:])
    except ValueError:
        return None


def group_onto(meld, cards: Sequence[int]) -> Group:
    """``cards`` added to ``meld`` on the table (named by its id): a group, a sequence at
    either end, a wild meld."""
    return Group(tuple(cards), meld.id)


def top_onto(st):
    """The id of the side's meld the pile's top card would join (None: a new meld)."""
    if not st.pile:
        return None
    meld = st.meld_of(st.team_of(st.to_act), KIND_OF[st.pile[-1]])
    return meld.id if meld is not None else None


def group_for(st, cards: Sequence[int]) -> Group:
    """The group some cards from the hand make on the meld area: a new meld (a group,
    a sequence, wild cards alone), or, where a new meld is not allowed (Classic's one
    meld per rank), onto the side's meld of their rank."""
    team = st.team_of(st.to_act)
    new = Group(tuple(cards))
    kinds = {KIND_OF[c] for c in cards if not WILD_OF[c]}
    if len(kinds) == 1:
        meld = st.meld_of(team, next(iter(kinds)))
        if meld is not None and meld.kind == "group" and not is_legal(st, Meld((new,))):
            return group_onto(meld, cards)
    return new


def take_pile(st, with_cards: Sequence[int], staged_groups: tuple, onto=None) -> Play:
    """Taking the pile with ``with_cards`` from the hand (and the staged melds), proposed:
    onto the side's meld ``onto`` when the pile was dropped on it, else onto the meld of
    the top card's rank or as a new meld, whichever the engine allows; with nothing
    picked, the one way the engine offers (the top card onto a sequence's end). Refused,
    it is in the words the engine has for the drop as made (the first of these)."""
    tries = [TakePile(tuple(with_cards), staged_groups, top_onto(st))]
    if tries[0].onto is not None:
        tries.append(TakePile(tuple(with_cards), staged_groups, None))
    if onto is not None:
        tries.insert(0, TakePile(tuple(with_cards), staged_groups, onto))
    if not with_cards and not staged_groups:
        ways = [a for a in legal_actions(st) if isinstance(a, TakePile) and not a.with_cards and not a.melds]
        if len(ways) == 1 and ways[0] not in tries:
            tries.append(ways[0])
    return Play(tries[0], tuple(tries[1:]))


def staged_meld(staged: Iterable[Sequence[int]]) -> Meld:
    """The staged groups as one action that puts them down together."""
    return Meld(tuple(Group(tuple(g)) for g in staged))


def sentence_for(st, action) -> str:
    """The engine's sentence refusing ``action`` ("" when it is legal): its one verdict
    on a drop that is not played (a preview, or the words for a drop kept back)."""
    try:
        check(st, action)
    except IllegalAction as e:
        return refusal_of(e)
    return ""


def merge_onto(st, other: int, zone: Optional[str]) -> Outcome:
    """The side's meld ``other`` dragged onto ``zone``: where the game has the action
    (Samba's option ``merge_groups``), combining it with the meld dropped on, or the
    engine's reason why not (a proposal); None for any other zone or game."""
    from ...engine.variants import game_of
    merge = getattr(game_of(st.rules), "MergeGroups", None)
    into = zone_meld_id(zone) if zone else None
    if merge is None or into is None or into == other:
        return None
    if st.meld_by_id(st.team_of(st.to_act), into) is None:
        return None
    return Play(merge(into, other))


def can_drag_meld(st, meld_id: int) -> bool:
    """May the player pick up the side's meld ``meld_id`` (to drop it on another)? Only
    where the game combines melds and the rules in force allow it."""
    from ...engine.variants import game_of
    if st.phase != PLAY or not getattr(st.rules, "merge_groups", False):
        return False
    if getattr(game_of(st.rules), "MergeGroups", None) is None:
        return False
    meld = st.meld_by_id(st.team_of(st.to_act), meld_id)
    return meld is not None and meld.kind == "group" and not meld.closed


def propose(st, cards: Sequence[int], zone: Optional[str], *, from_pile: bool = False,
            staged: Sequence[Sequence[int]] = (), selected: Iterable[int] = (),
            from_meld: Optional[int] = None) -> Outcome:
    """What releasing ``cards`` on ``zone`` means, as a proposal the engine judges when
    it is played (see the module documentation).

    ``from_pile``: the pile's top card was dragged (``cards`` is that card); the cards
    in ``selected`` go with it as the pair (or more) that takes it, and ``staged``
    are the groups staged to meld with it. ``from_meld``: the side's meld with this id
    was dragged (``cards`` are its cards), to be combined with the meld it is dropped
    on."""
    if zone is None:
        return None
    if from_meld is not None:
        return merge_onto(st, from_meld, zone)
    staged_groups = tuple(Group(tuple(g)) for g in staged)
    if from_pile:
        if zone == "pile":
            return None
        meld_id = zone_meld_id(zone)
        if meld_id is not None and st.meld_by_id(st.team_of(st.to_act), meld_id) is None:
            return None
        return take_pile(st, tuple(selected), staged_groups, meld_id)
    cards = tuple(cards)
    if not cards:
        return None
    from .pieces import table_part
    action = table_part(st.rules).gesture(st, cards, zone)
    if action is not None:
        return Play(action)   # the game's own reading (Modern American: threes laid)
    if zone == "pile":
        if st.phase == PLAY and len(cards) == 1:
            return Play(Discard(cards[0]))
        if st.phase == DRAW:
            take = take_pile(st, cards, staged_groups)
            # one card on the pile before drawing is a discard too early, not a take
            return replace(take, refused=DRAW_FIRST) if len(cards) == 1 else take
        return None
    meld_id = zone_meld_id(zone)
    if meld_id is not None:
        meld = st.meld_by_id(st.team_of(st.to_act), meld_id)
        if meld is None:
            return None
        action = Meld((group_onto(meld, cards),))
        if st.phase != PLAY or staged:
            # not played while melds are staged: the engine's reason, or that one
            return Refuse(sentence_for(st, action) or STAGING_BLOCKS, action)
        return Play(action)
    if zone == "meld_area":
        return _onto_area(st, cards, staged_groups)
    return None


def _onto_area(st, cards: tuple, staged_groups: tuple) -> Outcome:
    """Cards released on the side's meld area: a new meld (or, where the game allows no
    second meld of their rank, onto the side's meld of it), played when nothing is
    staged; staged when the engine refuses it (or melds are staged) and they may go
    with the staged ones; else refused in the engine's words for the meld."""
    new = Group(tuple(cards))
    kinds = {KIND_OF[c] for c in cards if not WILD_OF[c]}
    meld = st.meld_of(st.team_of(st.to_act), next(iter(kinds))) if len(kinds) == 1 else None
    onto = group_onto(meld, cards) if meld is not None and meld.kind == "group" else None
    if st.phase == PLAY and not staged_groups:
        moves = [Meld((new,))] + ([Meld((onto,))] if onto is not None else [])
        # refused both ways: the group the engine was last asked about is staged, or said
        err, _ = preview_groups(st, list(staged_groups) + [onto or new])
        return Play(moves[0], tuple(moves[1:]), Stage(cards) if err is None else None,
                    told=len(moves) - 1, fallback=err or "")
    why = sentence_for(st, Meld((new,)))
    group = onto if (onto is not None and why) else new
    err, _ = preview_groups(st, list(staged_groups) + [group])
    if err is None:
        return Stage(group.cards)
    # say why the move alone is illegal, in the engine's words
    sentence = (why if group is new else sentence_for(st, Meld((group,)))) if st.phase == PLAY else ""
    return Refuse(sentence or err, Meld((group,)))


def judge(st, outcome: Outcome) -> Outcome:
    """The engine's verdict on a proposal, without playing it: the move it would be
    played as, the staging it would come to, or its refusal (a preview: see
    :func:`interpret`)."""
    if not isinstance(outcome, Play):
        return outcome
    moves = outcome.moves()
    for action in moves:
        if is_legal(st, action):
            return Play(action)
    if outcome.instead is not None:
        return outcome.instead
    told = moves[outcome.told]
    return Refuse(outcome.refused or sentence_for(st, told) or outcome.fallback, told)


def interpret(st, cards: Sequence[int], zone: Optional[str], *, from_pile: bool = False,
              staged: Sequence[Sequence[int]] = (), selected: Iterable[int] = (),
              from_meld: Optional[int] = None) -> Outcome:
    """What releasing ``cards`` on ``zone`` would do, the engine asked about the
    proposal (:func:`propose`, :func:`judge`): a preview, for the drop zones lit while
    dragging and for a button's reason; a drop that is made is judged once, as it is
    played."""
    return judge(st, propose(st, cards, zone, from_pile=from_pile, staged=staged, selected=selected,
                             from_meld=from_meld))


def drop_targets(st, cards: Sequence[int], zones: Iterable[str], *, from_pile: bool = False,
                 staged: Sequence[Sequence[int]] = (), selected: Iterable[int] = (),
                 from_meld: Optional[int] = None) -> dict:
    """Each zone's verdict while ``cards`` are dragged: ("do", action), ("stage", cards)
    or ("no", action); zones that mean nothing for these cards are left out."""
    out: dict = {}
    selected = tuple(selected)
    for zone in zones:
        o = interpret(st, cards, zone, from_pile=from_pile, staged=staged, selected=selected,
                      from_meld=from_meld)
        if isinstance(o, Play):
            out[zone] = ("do", o.action)
        elif isinstance(o, Stage):
            out[zone] = ("stage", o.cards)
        elif isinstance(o, Refuse):
            out[zone] = ("no", o.action)
    return out


def staging_note(st, staged: Sequence[Sequence[int]]) -> str:
    """How far the staged melds go towards the side's first meld. Whether they are
    enough is the engine's verdict on laying them down (never a count of points made
    here: a game may ask more of a first meld than its count, such as Modern
    American's natural trio)."""
    team = st.team_of(st.to_act)
    pts = sum(POINTS_OF[c] for g in staged for c in g)
    if not st.opened(team):
        need = st.minimum(team)
        if st.phase == PLAY:
            why = sentence_for(st, staged_meld(staged))
            if not why:
                return t("Staged {points}: enough for your first meld ({need}).", points=pts, need=need)
            if pts < need:
                return t("Staged {points} of the {need} your first meld needs.", points=pts, need=need)
            return t("Staged {points}, not yet a first meld: {why}", points=pts, why=LowerFirst(why))
        return t("Staged {points} towards the {need} your first meld needs (the pile's top card counts too).",
                 points=pts, need=need)
    return t("Staged {points} points.", points=pts)


def after_staging(st, staged: Sequence[Sequence[int]]) -> str:
    """The note shown once cards were staged."""
    if st.phase == PLAY and is_legal(st, staged_meld(staged)):
        return Text(N_("Staged. Press Lay down to put these melds down together."))
    return staging_note(st, staged)


__all__ = ["Play", "Stage", "Refuse", "Outcome", "propose", "judge", "interpret", "sentence_for", "drop_targets", "meld_zone", "zone_meld_id",
           "merge_onto", "can_drag_meld",
           "group_for", "group_onto", "staged_meld", "staging_note", "after_staging", "STAGING_BLOCKS",
           "DRAW_FIRST"]
