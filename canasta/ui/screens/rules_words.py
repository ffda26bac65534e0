"""Words the rules screens share: small numbers written out, the minimum-count table."""

from __future__ import annotations

from ...engine.rules import Rules

NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def number_word(k: int) -> str:
    """A small number in words ("seven"), larger ones in figures."""
    return NUMBER_WORDS.get(k, f"{k:,}")


def minimum_rows(rules: Rules) -> list[tuple[str, int]]:
    """The minimum-count table as (range of the side's total, minimum) rows."""
    r = rules.resolved()
    rows = [("below 0", r.negative_minimum)]
    table = list(r.minimum_table or ())
    if table and table[0][0] > 0:
        rows.append((f"0 to {table[0][0] - 5:,}", 0))
    for i, (threshold, minimum) in enumerate(table):
        if i + 1 < len(table):
            rows.append((f"{threshold:,} to {table[i + 1][0] - 5:,}", minimum))
        else:
            rows.append((f"{threshold:,} or more", minimum))
    return rows
