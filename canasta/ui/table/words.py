"""The table's sentences: the status line (what the table waits for), why the pile is
frozen, and the score sheet's rows, from the controller and the state; no drawing.

Each sentence is a message (:func:`canasta.i18n.t`) with its arguments; whoever draws
or speaks it renders it with :func:`canasta.i18n.tr` in the language in use then."""

from __future__ import annotations

from ...engine.state import ANSWER, DRAW
from ... import i18n
from ...i18n import N_, Text, number, t, tr
from .pieces import table_part
from .gestures import staging_note


def frozen_reason(seen, team: int) -> str:
    """Why the pile is frozen for ``team`` (the viewer's side), or "" when it is not:
    a card lying across it, no meld yet, or a game where it always is."""
    if seen.frozen:
        return Text(N_("a card lies across it"))
    if seen.rules.pile_always_frozen:
        return Text(N_("always, in this game"))
    if not seen.melds[team]:
        return Text(N_("until your side melds"))
    return ""


def status_line(ctl) -> str:
    """What the table waits for, in one sentence."""
    st = ctl.state
    if st.deal_over:
        return Text(N_("The game is over.")) if st.game_over else Text(N_("The deal is over."))
    actor = st.to_act
    if ctl.privacy is not None:
        return t("Pass the screen to {name}.", name=ctl.seat_name(ctl.privacy))
    remote = getattr(ctl, "turn_words", None)
    if remote is not None and actor != ctl.viewer:
        return remote()      # an online table: another person's (or a computer's) turn, said as such
    if not ctl.seats[actor].human:
        if st.phase == ANSWER:
            return t("{name} is deciding whether {asker} may go out.", name=ctl.seat_name(actor),
                     asker=ctl.seat_name(st.turn))
        return t("{name} is playing.", name=ctl.seat_name(actor))
    if st.phase == ANSWER:
        return t("{name} asks you: may I go out?", name=ctl.seat_name(st.turn))
    team = st.team_of(actor)
    foot = table_part(st.rules).status_note(st, actor)   # the game's own words first ("Your foot waits")
    if st.phase == DRAW:
        if not st.stock:
            if st.pile_becomes_stock():
                return Text(N_("The stock is empty: draw to turn the pile over into a new stock, or take the pile."))
            return Text(N_("The stock is empty: take the pile if you can, or pass."))
        turn = (t("Your turn: draw from the stock, or take the pile.") if st.opened(team) else
                t("Your turn: draw from the stock, or take the pile. Your side's first meld needs {minimum}.",
                  minimum=st.minimum(team)))
        return t("{note} {then}", note=foot, then=turn) if foot else turn
    if len(st.hands[actor]) == 1:
        if st.foot_waiting(actor):
            return Text(N_("Discard your last card (you pick up your foot), or meld it and play on from your foot."))
        return Text(N_("Discard your last card to go out."))
    if foot and not ctl.staged and st.permission is not True:
        return t("{note} Meld what you can (drag cards to your melds), then discard one card.", note=foot)
    if st.permission is True:
        return Text(N_("Your partner said yes: go out this turn."))
    if ctl.staged:
        return t("{note} Drag more melds to the table, then Lay down.", note=staging_note(st, ctl.staged))
    return Text(N_("Meld what you can (drag cards to your melds), then discard one card."))


def stock_label(seen) -> Text:
    """The stock's count as the table shows it, saying when the pile has become the stock
    (RULES.md 9.1; the status line says when the next draw turns it over)."""
    n = seen.stock_size
    return t("Stock {count} (old pile)", count=n) if seen.reshuffled else t("Stock {count}", count=n)


def team_lines(result, team: int) -> list[tuple[str, str]]:
    """A team's score lines as the game scored the deal (``DealResult.lines``): the
    label, and the points as shown (with the detail, such as how many, after them)."""
    return [(tr(line.label), tr(t("{points} ({detail})", points=number(line.points), detail=line.detail))
                              if line.detail else number(line.points))
            for line in result.lines[team]]


def sheet_rows(per_team: list[list[tuple[str, str]]]) -> tuple[list[str], dict]:
    """The sheet's rows: every label any side has, each side's order kept (a label only
    one side has goes after the label it follows there), and the cell of each side."""
    rows: list[str] = []
    cells: dict[tuple[str, int], str] = {}
    for k, lines in enumerate(per_team):
        at = -1
        for label, shown in lines:
            if label in rows:
                at = rows.index(label)
            else:
                at += 1
                rows.insert(at, label)
            cells[(label, k)] = shown
    return rows, cells


#: the kinds of canasta (or book) an engine event names, as words of a sentence
MELD_KINDS = {kind: Text(kind) for kind in (N_("natural"), N_("mixed"), N_("clean"), N_("dirty"), N_("wild"),
                                             # Samba's and Bolivia's canastas of their own (the banner's words)
                                             N_("samba"), N_("escalera"), N_("bolivia"))}


def kind_word(kind) -> object:
    """A canasta's kind ("natural") as a message, so a sentence renders it in its language."""
    return MELD_KINDS.get(kind, kind)


def points(n: int, sign: bool = False) -> str:
    """A score as the sheets show it: grouped (5,000 in English as always, 5.000 in
    Spanish), with its sign when ``sign`` (+120)."""
    if i18n.babel_locale() == "en":
        return f"{n:+,}" if sign else f"{n:,}"
    return ("+" if sign and n >= 0 else "") + number(n)


def and_list(items: list) -> str:
    """Names joined as a sentence joins them ("North & South and East & West")."""
    if i18n.babel_locale() == "en":
        return " and ".join(tr(i) for i in items)
    return i18n.join_words(items)
