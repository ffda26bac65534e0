"""Words the rules screens share: small numbers written out."""

from __future__ import annotations

NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def number_word(k: int) -> str:
    """A small number in words ("seven"), larger ones in figures."""
    return NUMBER_WORDS.get(k, f"{k:,}")
