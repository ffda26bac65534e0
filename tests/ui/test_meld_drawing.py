"""How the table lays out the melds of the games with sequences (Samba, Bolivia),
without a window: a sequence fanned in rank order, a samba, escalera or bolivia
squared up as one stack, several groups of one rank standing apart with a drop zone
each, and a crowded six-player table where no two melds overlap.

The melds are put on a Classic table by hand, so the drawing is tested apart from
the rules that make them (the engine's own tests cover those).
"""

from __future__ import annotations

import pygame

from canasta.engine import Rules
from canasta.engine.cards import RANK_OF, card_code
from canasta.engine.record import Game
from canasta.engine.state import TableMeld
from canasta.ui.layout import BUTTON_AREA
from canasta.engine.observe import observe
from canasta.ui.table.layout import LayoutOptions, card_rect, face_down_ids, lay_out


class Cards:
    """Card ids taken from the stock (or the hands) by code (each id used once)."""

    def __init__(self, st):
        self.free = list(st.stock) + [c for h in st.hands for c in h]

    def __call__(self, *codes: str) -> list[int]:
        out = []
        for code in codes:
            c = next(c for c in self.free if card_code(c) == code)
            self.free.remove(c)
            out.append(c)
        return out


def meld(cards, kind="group", rank=0, id=0, canasta=None, closed=False, by=0):
    return TableMeld(rank, cards, by, kind=kind, id=id, canasta=canasta, closed=closed)


def table_with(players: int, melds_by_team):
    st = Game(Rules(players=players, decks=6), 3).state   # six packs: enough of every card
    take = Cards(st)
    next_id = [100]
    for team, specs in enumerate(melds_by_team):
        st.melds[team] = []
        for kind, codes, extra in specs:
            cards = take(*codes)
            next_id[0] += 1
            m = meld(cards, kind=kind, id=next_id[0], **extra)
            st.melds[team].append(m)
            for c in cards:
                for place in [st.stock] + list(st.hands):
                    if c in place:
                        place.remove(c)
    return st


SEQ = ("sequence", ["7H", "5H", "9H", "6H", "8H"], {})
SAMBA = ("sequence", ["TS", "4S", "9S", "5S", "8S", "6S", "7S"], {"canasta": "samba", "closed": True})
KINGS_A = ("group", ["KH", "KC", "KD"], {"rank": 13})
KINGS_B = ("group", ["KS", "KH", "2C"], {"rank": 13})
WILD = ("wild", ["2C", "JK", "2D"], {})
BOLIVIA = ("wild", ["2H", "2S", "JK", "2C", "2D", "JK", "2H"], {"canasta": "bolivia", "closed": True})


def test_a_sequence_is_fanned_in_rank_order_and_a_samba_squared_up():
    st = table_with(4, [[SEQ, SAMBA, KINGS_A, KINGS_B], []])
    lay = lay_out(observe(st, 0), face_down_ids(st, 0), LayoutOptions(viewer=0, show_hand=True))
    seq, samba, kings_a, kings_b = st.melds[0]
    poses = [lay.targets[c] for c in seq.cards]
    by_rank = sorted(zip(seq.cards, poses), key=lambda cp: RANK_OF[cp[0]])
    ys = [p.y for _, p in by_rank]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)          # low at the top, each card shows
    assert len({p.x for p in poses}) == 1                          # one column
    # the samba: one square stack, its ten on top
    sp = {c: lay.targets[c] for c in samba.cards}
    assert max(p.x for p in sp.values()) - min(p.x for p in sp.values()) <= 2
    assert max(p.y for p in sp.values()) - min(p.y for p in sp.values()) <= 4
    top = max(sp, key=lambda c: sp[c].z)
    assert card_code(top) == "TS"
    # two groups of kings: two columns, two drop zones, named by the melds' ids
    assert {kings_a.id, kings_b.id} <= set(lay.meld_zones)
    za, zb = lay.meld_zones[kings_a.id], lay.meld_zones[kings_b.id]
    assert not za.colliderect(zb)
    assert abs(za.centerx - zb.centerx) >= za.w - 4
    # every meld of the side has its own zone
    assert set(lay.meld_zones) == {m.id for m in st.melds[0]}


def test_a_bolivia_is_squared_up_and_a_wild_meld_fanned():
    st = table_with(4, [[WILD, BOLIVIA, KINGS_A], []])
    lay = lay_out(observe(st, 0), face_down_ids(st, 0), LayoutOptions(viewer=0, show_hand=True))
    wild, bolivia, _ = st.melds[0]
    bp = [lay.targets[c] for c in bolivia.cards]
    assert max(p.y for p in bp) - min(p.y for p in bp) <= 4
    wp = [lay.targets[c] for c in wild.cards]
    assert len({p.y for p in wp}) == 3
    # columns: groups first, then wild melds
    xs = {m.id: lay.meld_zones[m.id].x for m in st.melds[0]}
    assert xs[st.melds[0][2].id] < xs[wild.id]


def test_six_players_with_many_melds_each_nothing_overlaps():
    """Three sides of a Samba game late in a deal, each with many melds, at 1280x800:
    no card of one meld column overlaps another column, a band of another side, a hand,
    the stock, the pile or the buttons."""
    many = [SEQ, SAMBA, KINGS_A, KINGS_B,
            ("group", ["QH", "QC", "QD", "QS"], {"rank": 12}),
            ("group", ["JH", "JC", "JD"], {"rank": 11}),
            ("group", ["8C", "8D", "8H"], {"rank": 8}),
            ("sequence", ["4D", "5D", "6D"], {}),
            ("sequence", ["TC", "JC", "QC", "KC"], {}),
            ("group", ["AH", "AC", "AD", "AS", "AH", "AC", "2S"], {"rank": 14, "canasta": "mixed"}),
            ("group", ["6C", "6H", "6S"], {"rank": 6})]
    st = table_with(6, [many, many[:9], many[2:11]])
    lay = lay_out(observe(st, 0), face_down_ids(st, 0), LayoutOptions(viewer=0, show_hand=True))
    columns = []   # (team, meld id, the rectangle its cards cover)
    for team, melds in enumerate(st.melds):
        for m in melds:
            rects = [card_rect(lay.targets[c]) for c in m.cards]
            cover = rects[0].unionall(rects[1:])
            columns.append((team, m.id, cover))
            assert lay.bands[team].inflate(2, 24).contains(cover), (team, m.id)
    for i, (ta, ia, a) in enumerate(columns):
        for tb, ib, b in columns[i + 1:]:
            assert not a.colliderect(b), (ta, ia, tb, ib)
    others = [lay.zones["stock"], lay.zones["pile"], BUTTON_AREA, lay.zones["hand"]]
    for seat in range(1, 6):
        for c in st.hands[seat]:
            others.append(card_rect(lay.targets[c]))
    for team, mid, cover in columns:
        for r in others:
            assert not cover.colliderect(r), (team, mid, r)
