"""A shuffle anyone can check: commit to a deal's seed before it is dealt, reveal it after.

At the start of each deal the server draws the deal's seed and a salt from the
operating system's secure random source (:func:`fresh_seed`) and sends only
:func:`commitment` (SHA-256 of ``seed:salt``). The deck is shuffled from that seed by
the engine's one shuffle (:func:`canasta.engine.moves.shuffled_deck`). When the deal
ends the server reveals the seed and the salt; a client then checks (:func:`check_deal`)

* that they hash to the commitment it was sent before the first card, and
* that the seed deals exactly the cards it saw: every card it saw leave the stock
  (its own hand, its draws, the upcard, red threes, a foot picked up) is the card the
  seed puts at that place of the deck, and every card another seat showed (melded,
  discarded, laid down) is one that the seed gave that seat, or that it took from the
  pile where everyone saw it.

Each deal has its own seed, so a revealed seed tells nothing about the next deal.
Standard library and the engine only.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Iterable, NamedTuple, Optional

from ..engine.moves import shuffled_deck
from ..engine.rules import Rules
from ..i18n import N_, Text, t


class Seen(NamedTuple):
    """One card movement as a client received it: ``card`` is -1 when it moved face down."""

    card: int
    src: tuple
    dst: tuple


def fresh_seed() -> str:
    """A deal's seed (or a salt): 128 bits from the operating system's secure source."""
    return secrets.token_hex(16)


def commitment(seed: str, salt: str) -> str:
    """SHA-256 of ``seed:salt``, in hex: sent before the deal, checked after it."""
    return hashlib.sha256(f"{seed}:{salt}".encode("utf-8")).hexdigest()


def _holder(zone: tuple) -> Optional[tuple]:
    """Where a face-down card is held: a seat (its hand and foot are one holder) or a
    talon; None for the stock and the public zones."""
    if not zone:
        return None
    if zone[0] in ("hand", "foot") and len(zone) > 1:
        return ("seat", zone[1])
    if zone[0] == "talons":
        return tuple(zone)
    return None


def check_deal(rules: Rules, deal_number: int, seed: str, salt: str, committed: str,
               moves: Iterable[Seen]) -> tuple[bool, Text]:
    """Does the revealed ``seed`` (with ``salt``) match the commitment and deal the
    cards of ``moves`` (this deal's card movements, in order, as one seat received
    them)? Returns (True, the log sentence) or (False, the warning), each a message with
    its arguments, so each client reads it in its own player's language."""
    if not isinstance(seed, str) or not isinstance(salt, str) or commitment(seed, salt) != committed:
        return False, t("Warning: deal {number}'s revealed seed does not match the commitment "
                        "the server sent before dealing; the shuffle cannot be trusted.", number=deal_number + 1)
    deck = shuffled_deck(rules, seed, deal_number)
    dealt = len(deck)
    drawn = 0
    checked: set[int] = set()
    held: dict[tuple, set[int]] = {}
    for m in moves:
        src, dst = tuple(m.src), tuple(m.dst)
        card = m.card
        if dst[:1] == ("stock",):
            # the pile turned over into a new stock (a house rule): once the deck is
            # drawn, the stock is those cards, the pile's bottom card drawn first
            if drawn < dealt:
                return False, _mismatch(deal_number, N_("cards went into the stock before it was empty"))
            deck.append(card)
            continue
        if src[:1] == ("stock",):
            if drawn >= len(deck):
                return False, _mismatch(deal_number, N_("more cards left the stock than the deck holds"))
            expected = deck[drawn]
            drawn += 1
            if card >= 0:
                checked.add(card)
                if card != expected:
                    return False, _mismatch(deal_number, N_("a card you saw leave the stock is not the one it deals"))
            card = expected
        else:
            here = _holder(src)
            if here is not None:
                if card >= 0:
                    checked.add(card)
                    if card not in held.get(here, ()):
                        return False, _mismatch(deal_number, N_("a card was played that it never dealt to that player"))
                else:
                    # a face-down move between holders (a talon taken by another seat):
                    # whatever the source held, the destination may now hold
                    there = _holder(dst)
                    if there is not None:
                        held.setdefault(there, set()).update(held.get(here, ()))
                    continue
        there = _holder(dst)
        if there is not None and card >= 0:
            held.setdefault(there, set()).add(card)
    return True, t("Shuffle checked: deal {number} was fixed before it began (the shuffle checks "
                   "out: the revealed seed matches the commitment and deals the {cards} cards you saw).",
                   number=deal_number + 1, cards=len(checked))


def _mismatch(deal_number: int, what: str) -> Text:
    return t("Warning: deal {number}'s revealed seed does not deal what was played ({what}).",
             number=deal_number + 1, what=Text(what))

