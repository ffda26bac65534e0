"""The shuffle anyone can check: a client re-deals the revealed seed and compares it
with the cards it saw. It passes on honest deals (every seat of every game) and fails
on a revealed seed that is not the one dealt, or that does not match the commitment,
both from recorded deals and over the wire."""

from __future__ import annotations

import asyncio

import pytest

from canasta.ai import make_player
from canasta.engine import Rules, apply_in_place, deal_from_deck, legal_actions
from canasta.engine.moves import shuffled_deck
from canasta.engine.observe import observe
from canasta.engine.state import DEAL_OVER, GAME_OVER
from canasta.engine.variants import names
from canasta.net import protocol
from canasta.net.shuffle import Seen, check_deal, commitment, fresh_seed
from canasta.net.table import Table

from .conftest import finish, seat_four, start_server, stop_server


def _deal(game: str, seed: str, **options):
    """One deal played to its end by Easy players: (rules, every event in order)."""
    rules = Rules(variant=game, **options)
    st, events = deal_from_deck(rules, shuffled_deck(rules, seed, 0), 1, None, seed, 0)
    player = make_player("easy")
    while st.phase not in (DEAL_OVER, GAME_OVER):
        events += apply_in_place(st, player.choose(observe(st, st.to_act), legal_actions(st)))
    return rules, events


def _seen_by(events, seat):
    """The card movements as ``seat`` receives them (the client's own reading)."""
    out = []
    for v in (protocol.event_json(e, seat) for e in events):
        e = protocol.event_from_json(v)
        if e.kind == "move":
            out.append(Seen(e.card, e.src, e.dst))
        elif e.kind == "pile_to_stock":
            out += [Seen(c, ("pile",), ("stock",)) for c in e.info]
    return out


def test_a_deal_whose_pile_turns_over_into_a_new_stock_checks_out_and_a_tampered_one_does_not():
    """Classic's house rule stock_exhausted = reshuffle, with one pack so that the stock
    runs out: the check follows the pile turned over."""
    for k in range(20):
        seed, salt = f"restock-{k}", "salt"
        rules, events = _deal("classic", seed, decks=1, stock_exhausted="reshuffle")
        if any(e.kind == "pile_to_stock" for e in events):
            break
    else:
        raise AssertionError("no deal turned its pile over")
    for seat in range(4):
        ok, sentence = check_deal(rules, 0, seed, salt, commitment(seed, salt), _seen_by(events, seat))
        assert ok, sentence
        other = fresh_seed()
        assert not check_deal(rules, 0, other, salt, commitment(other, salt), _seen_by(events, seat))[0]


@pytest.mark.parametrize("game", names())
def test_an_honest_deal_checks_out_for_every_seat(game):
    seed, salt = fresh_seed(), fresh_seed()
    rules, events = _deal(game, seed)
    for seat in range(4):
        ok, sentence = check_deal(rules, 0, seed, salt, commitment(seed, salt), _seen_by(events, seat))
        assert ok, sentence
        assert "checks out" in sentence


@pytest.mark.parametrize("game", names())
def test_another_seed_with_its_own_commitment_is_caught_by_every_seat(game):
    seed, salt = fresh_seed(), fresh_seed()
    rules, events = _deal(game, seed)
    other = fresh_seed()
    for seat in range(4):
        ok, sentence = check_deal(rules, 0, other, salt, commitment(other, salt), _seen_by(events, seat))
        assert not ok and sentence.startswith("Warning") and "does not deal" in sentence


def test_a_seed_that_does_not_match_the_commitment_is_caught():
    seed, salt = fresh_seed(), fresh_seed()
    rules, events = _deal("classic", seed)
    seen = _seen_by(events, 0)
    for s, t in ((seed, fresh_seed()), (fresh_seed(), salt)):
        ok, sentence = check_deal(rules, 0, s, t, commitment(seed, salt), seen)
        assert not ok and "does not match the commitment" in sentence


def test_a_card_swapped_in_an_opponent_s_hand_is_caught():
    """What only the other seats' plays show: a meld or discard of a card the seed gave
    to someone else."""
    seed, salt = "0f3c9a7e5b1d2468ace013579bdf2468", fresh_seed()
    rules, events = _deal("classic", seed)
    seen = _seen_by(events, 0)
    i = next(k for k, m in enumerate(seen) if m.src[0] == "hand" and m.src[1] != 0 and m.card >= 0)
    # a card the seed dealt to seat 0, which seat 0 kept: no one else ever held it
    mine = [m.card for m in seen if m.src == ("stock",) and m.dst == ("hand", 0)]
    stranger = next(c for c in mine if all(m.card != c for m in seen if m.src[0] == "hand"))
    seen[i] = seen[i]._replace(card=stranger)
    ok, sentence = check_deal(rules, 0, seed, salt, commitment(seed, salt), seen)
    assert not ok and "never dealt" in sentence


def test_fresh_seeds_differ_and_commitments_hide_them():
    seeds = {fresh_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(len(s) == 32 for s in seeds)
    s, salt = fresh_seed(), fresh_seed()
    assert s not in commitment(s, salt) and len(commitment(s, salt)) == 64


def _tamper(monkeypatch):
    """A server that commits to and reveals a seed other than the one it dealt from."""
    fake = {}

    def commit(self):
        deal = self.state.deal_number
        fake[deal] = (fresh_seed(), fresh_seed())
        return {"t": "commit", "deal": deal, "hash": commitment(*fake[deal])}

    def reveal(self):
        deal = self.state.deal_number
        return {"t": "reveal", "deal": deal, "seed": fake[deal][0], "salt": fake[deal][1]}
    monkeypatch.setattr(Table, "commitment", commit)
    monkeypatch.setattr(Table, "reveal", reveal)


@pytest.mark.parametrize("tampered", [False, True])
def test_over_the_wire_a_tampered_seed_is_a_visible_warning(monkeypatch, tampered):
    if tampered:
        _tamper(monkeypatch)

    async def play():
        server, ws, url = await start_server()
        try:
            code, clients = await seat_four(url, "classic", {"target_score": 500})
            await clients[0].start()
            await finish(clients)
            for c in clients:
                await c.close()
            return clients
        finally:
            await stop_server(server, ws)
    clients = asyncio.run(play())
    for c in clients:
        assert c.checked_deals
        if tampered:
            assert c.warnings and all(not ok for _, ok in c.checked_deals)
            assert all(line.startswith("Warning") for line in c.log)
        else:
            assert c.warnings == [] and all(ok for _, ok in c.checked_deals)


def test_the_shuffle_check_s_sentences_are_read_in_the_receiver_s_language():
    """The check's sentence is a message with its arguments (the deal, the cards seen, the
    mismatch's words), so each client's log shows it in its own player's language."""
    from canasta import i18n
    seed, salt = "0f3c9a7e5b1d2468ace013579bdf2468", "salt"
    rules, events = _deal("classic", seed)
    seen = _seen_by(events, 0)
    ok, checked = check_deal(rules, 0, seed, salt, commitment(seed, salt), seen)
    other = fresh_seed()
    bad, warning = check_deal(rules, 0, other, salt, commitment(other, salt), seen)
    _, unmatched = check_deal(rules, 0, seed, fresh_seed(), commitment(seed, salt), seen)
    assert ok and not bad
    assert checked.startswith("Shuffle checked: deal 1 was fixed before it began")
    cards = checked.args["cards"]
    try:
        i18n.set_language("de")
        assert i18n.tr(checked).startswith("Mischen geprüft: Runde 1 stand vor ihrem Beginn fest")
        assert f"die {cards} Karten" in i18n.tr(checked)
        assert i18n.tr(warning).startswith("Achtung: Das gezeigte Mischen von Runde 1 gibt nicht")
        assert "Karte" in i18n.tr(warning) and "card" not in i18n.tr(warning)
        assert i18n.tr(unmatched).startswith("Achtung:") and "commitment" not in i18n.tr(unmatched)
        i18n.set_language("es")
        assert i18n.tr(checked).startswith("Mezcla verificada: la mano 1")
        i18n.set_language("pseudo")
        for sentence in (checked, warning, unmatched):
            shown = i18n.tr(sentence)
            assert shown.startswith("[") and shown.endswith("]") and shown != sentence
        assert i18n.pseudo(warning.args["what"]) in i18n.tr(warning)
    finally:
        i18n.set_language("en")
