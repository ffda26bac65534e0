"""What a Classic position is worth to each side: the hard player's judgement at the end
of a simulation that stops before the deal does.

Each side's expected points for the deal are a weighted sum of plain facts about the
position (:func:`features`): its table, canastas and melds on their way, red threes,
the cards its players hold (their points, wild cards, pairs, cards that fit its melds),
how near each side is to going out, and whether it is its turn at the pile. The weights
are not guessed: :mod:`canasta.ai.fit_eval` plays many deals between medium players,
notes these facts at the start of turns along the way, and fits the weights (least
squares) to the scores the deals really ended with, one set of weights for each stage
of the deal (by the cards left in the stock), since a card in hand costs more when the
end is near. ``python -m canasta.ai.fit_eval`` prints the table below again.
"""

from __future__ import annotations

from ..engine.cards import JOKER, POINTS_OF, TWO
from ..engine.state import DRAW, State

#: the names of the facts, in the order of :func:`features`
FEATURES = (
    "one", "table points", "natural canastas", "mixed canastas", "melds of six", "melds of five",
    "melds of four", "melds of three", "red threes (melded)", "red threes (not melded)", "has melded",
    "hand points", "hand cards", "wild cards in hand", "pairs in hand", "cards fitting its melds",
    "its turn at the pile", "pile cards, its turn", "may go out", "may go out, short hand",
    "hand points x other side near out",
)

#: the stages of the deal, by the cards left in the stock (a stage holds stock sizes
#: from its figure up to the next one's)
STAGES = (55, 45, 35, 0)


def stage_of(stock: int) -> int:
    for i, low in enumerate(STAGES):
        if stock >= low:
            return i
    return len(STAGES) - 1


def _near_out(st: State, team: int, need: int, canastas: int) -> float:
    """How near ``team`` is to going out: 0 until it has the canastas it needs, then
    one over one plus its smallest hand."""
    if canastas < need:
        return 0.0
    r = st.rules
    smallest = min(len(st.hands[s]) for s in range(r.players) if s % r.teams == team)
    return 1.0 / (1.0 + smallest)


def features(st: State) -> list[list[float]]:
    """The facts of every side of ``st``, one list per team (see :data:`FEATURES`)."""
    r = st.rules
    teams = r.teams
    full = r.canasta_size
    need = r.canastas_to_go_out or 1
    out = []
    canastas_of = []
    for team in range(teams):
        melds = st.melds[team]
        pts = 0
        nat = mixed = 0
        near = [0, 0, 0, 0]   # melds of 6, 5, 4, 3 cards
        ranks = set()
        for m in melds:
            for c in m.cards:
                pts += POINTS_OF[c]
            if m.canasta is not None:
                if m.canasta == "natural":
                    nat += 1
                else:
                    mixed += 1
            else:
                short = full - len(m.cards)
                if 1 <= short <= 4:
                    near[short - 1] += 1
                ranks.add(m.rank)
        canastas_of.append(nat + mixed)
        reds = len(st.red3[team])
        melded = 1.0 if melds else 0.0
        hand_pts = hand_cards = wilds = pairs = fits = 0
        for s in range(team, r.players, teams):
            hand = st.hands[s]
            hand_cards += len(hand)
            counts = st.counts[s]
            wilds += counts[TWO] + counts[JOKER]
            for c in hand:
                hand_pts += POINTS_OF[c]
            for k in range(4, 15):
                n = counts[k]
                if n >= 2:
                    pairs += 1
                if n and k in ranks:
                    fits += n
        turn = 1.0 if (st.phase == DRAW and st.to_act % teams == team) else 0.0
        out.append([1.0, float(pts), float(nat), float(mixed), float(near[0]), float(near[1]),
                    float(near[2]), float(near[3]), reds * melded, reds * (1.0 - melded), melded,
                    float(hand_pts), float(hand_cards), float(wilds), float(pairs), float(fits),
                    turn, turn * len(st.pile), 0.0, 0.0, 0.0])
    for team in range(teams):
        row = out[team]
        nearness = _near_out(st, team, need, canastas_of[team])
        row[18] = 1.0 if canastas_of[team] >= need else 0.0
        row[19] = nearness
        other = max(_near_out(st, t, need, canastas_of[t]) for t in range(teams) if t != team)
        row[20] = row[11] * other
    return out


#: the fitted weights, one row per stage (``python -m canasta.ai.fit_eval --deals 8000
#: --seed 1 --workers 2``), in the order of FEATURES
WEIGHTS = (
    # stock 55+: 46324 positions, R squared on unseen deals 0.085
    (-22.21, 1.45, 415.58, 256.26, 125.77, 71.23, 27.60, -4.09, 102.85, 99.61, 39.38, 1.17, 17.43, 35.61, -5.44, 25.36, -41.20, 18.06, -114.16, 31.36, -5.34),
    # stock 45+: 67558 positions, R squared on unseen deals 0.175
    (-25.73, 1.37, 483.58, 283.49, 107.94, 56.13, 16.56, 6.00, 113.50, 85.05, 31.43, 1.05, 22.63, 26.23, -16.49, 13.17, -37.45, 12.75, -126.27, -17.23, -5.39),
    # stock 35+: 47014 positions, R squared on unseen deals 0.311
    (-156.03, 1.31, 451.29, 252.85, 94.18, 35.67, 11.45, 13.21, 123.07, 48.98, 206.02, 0.82, 19.85, 10.94, -12.17, -0.62, -4.62, 9.32, -67.16, -68.95, -5.20),
    # stock 0+: 19716 positions, R squared on unseen deals 0.650
    (-137.19, 0.94, 480.22, 280.55, 132.14, 46.77, 12.00, 21.18, 134.63, -320.42, 210.48, 0.39, 18.53, 47.52, -5.87, -19.25, 10.83, 5.06, 65.59, -299.21, -4.72),
)


def applies(rules) -> bool:
    """Were the weights fitted for this table? (Classic at four players; other tables
    and games keep the hand-made evaluation of :func:`canasta.ai.search.evaluate`.)"""
    return rules.variant == "classic" and rules.players == 4 and rules.teams == 2


def value(st: State, weights=None) -> list[float]:
    """Each side's expected points for the deal from ``st`` under ``weights`` (one list
    of weights per stage, as :data:`WEIGHTS`)."""
    w = (WEIGHTS if weights is None else weights)[stage_of(len(st.stock))]
    return [sum(a * b for a, b in zip(w, row)) for row in features(st)]
