"""The table's sentences: the status line (what the table waits for), why the pile is
frozen, and the score sheet's rows, from the controller and the state; no drawing."""

from __future__ import annotations

from ...engine.state import ANSWER, DRAW
from .pieces import table_part
from .gestures import staging_note


def frozen_reason(seen, team: int) -> str:
    """Why the pile is frozen for ``team`` (the viewer's side), or "" when it is not:
    a card lying across it, no meld yet, or a game where it always is."""
    if seen.frozen:
        return "a card lies across it"
    if seen.rules.pile_always_frozen:
        return "always, in this game"
    if not seen.melds[team]:
        return "until your side melds"
    return ""


def status_line(ctl) -> str:
    """What the table waits for, in one sentence."""
    st = ctl.state
    if st.deal_over:
        return "The game is over." if st.game_over else "The deal is over."
    actor = st.to_act
    if ctl.privacy is not None:
        return f"Pass the screen to {ctl.seat_name(ctl.privacy)}."
    remote = getattr(ctl, "turn_words", None)
    if remote is not None and actor != ctl.viewer:
        return remote()      # an online table: another person's (or a computer's) turn, said as such
    if not ctl.seats[actor].human:
        if st.phase == ANSWER:
            return f"{ctl.seat_name(actor)} is deciding whether {ctl.seat_name(st.turn)} may go out."
        return f"{ctl.seat_name(actor)} is playing."
    if st.phase == ANSWER:
        return f"{ctl.seat_name(st.turn)} asks you: may I go out?"
    team = st.team_of(actor)
    foot = table_part(st.rules).status_note(st, actor)   # the game's own words first ("Your foot waits")
    if st.phase == DRAW:
        if not st.stock:
            if st.pile_becomes_stock():
                return "The stock is empty: draw to turn the pile over into a new stock, or take the pile."
            return "The stock is empty: take the pile if you can, or pass."
        tail = "" if st.opened(team) else f" Your side's first meld needs {st.minimum(team)}."
        return (f"{foot} " if foot else "") + "Your turn: draw from the stock, or take the pile." + tail
    if len(st.hands[actor]) == 1:
        if st.foot_waiting(actor):
            return "Discard your last card (you pick up your foot), or meld it and play on from your foot."
        return "Discard your last card to go out."
    if foot and not ctl.staged and st.permission is not True:
        return f"{foot} Meld what you can (drag cards to your melds), then discard one card."
    if st.permission is True:
        return "Your partner said yes: go out this turn."
    if ctl.staged:
        return staging_note(st, ctl.staged) + " Drag more melds to the table, then Lay down."
    return "Meld what you can (drag cards to your melds), then discard one card."


def stock_label(seen) -> str:
    """The stock's count as the table shows it, saying when the pile has become the stock
    (RULES.md 9.1; the status line says when the next draw turns it over)."""
    n = seen.stock_size
    return f"Stock {n} (old pile)" if seen.reshuffled else f"Stock {n}"


def team_lines(result, team: int) -> list[tuple[str, str]]:
    """A team's score lines as the game scored the deal (``DealResult.lines``): the
    label, and the points as shown (with the detail, such as how many, after them)."""
    return [(line.label, f"{line.points}" + (f" ({line.detail})" if line.detail else ""))
            for line in result.lines[team]]


def sheet_rows(per_team: list[list[tuple[str, str]]]) -> tuple[list[str], dict]:
    """The sheet's rows: every label any side has, each side's order kept (a label only
    one side has goes after the label it follows there), and the cell of each side."""
    rows: list[str] = []
    cells: dict[tuple[str, int], str] = {}
    for t, lines in enumerate(per_team):
        at = -1
        for label, shown in lines:
            if label in rows:
                at = rows.index(label)
            else:
                at += 1
                rows.insert(at, label)
            cells[(label, t)] = shown
    return rows, cells
