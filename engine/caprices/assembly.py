"""One player's assembly at the end: the facts of their cards that no Knight or Minister choice changes.

Seed, "Scoring": "Add together the values of the Subject cards in your hand AND those rallied in front of
you" (`card_points`); the rest of the score depends on the choices (`scoring.py`).
"""

from __future__ import annotations

from engine.caprices.knight import knight_takeable
from engine.caprices.rules import MINISTERS, PRINTED_CASTES, Card, Rules
from engine.caprices.runs import run_frame


def bonus_merchants(rules: Rules, merchants: dict[int, int], held: list[int]) -> dict[int, int]:
    """The Merchants (value -> count) that may earn the run bonus: all of them, or with
    `order.merchant_on_shared_value` false only those no other non-Minister card also holds (the Merchant is
    then an integral part of the run)."""
    if rules.merchant_on_shared_value:
        return merchants
    return {v: n for v, n in merchants.items() if n == 1 and held.count(v) == 1}


class Assembly:
    """Facts of one assembly that do not depend on the choices.

    `cards` are the hand, `rallied` the cards in front of the player; both
    score, but the Knight takes a rallied card only when the ruleset says so (`knight.knight_takeable`).
    Run values live in the frame of `runs.run_frame` (shifted up when a
    Minister may stand below 0).
    """

    def __init__(self, cards: tuple[Card, ...], rules: Rules, rallied: tuple[Card, ...] = ()) -> None:
        self.rules = rules
        printed: dict[str, int] = dict.fromkeys(PRINTED_CASTES, 0)
        merchants: dict[int, int] = {}
        for caste, value in cards + rallied:
            printed[caste] += 1
            if caste == "merchant":
                merchants[value] = merchants.get(value, 0) + 1
        self.printed = printed
        self.base_counts = {c: n for c, n in printed.items() if n and c not in MINISTERS}
        """Counts of the printed non-Minister castes present (before any choice)."""
        self.knight_castes = frozenset(c for c, _ in knight_takeable(rules, cards, rallied))
        """Printed castes with a card the Knight may transform."""
        self.merchants = merchants
        held = [v for c, v in cards + rallied if c not in MINISTERS]
        self.shift, self.top = run_frame(rules, held, printed["minister_odd"] + printed["minister_even"])
        self.present = frozenset(v + self.shift for v in held)
        """Values held by non-Minister cards (in the run frame); Ministers reach the run through `runs.best_run`."""
        self.merchant_values = frozenset(v + self.shift for v in bonus_merchants(rules, merchants, held))
        self.one = 1 + self.shift
        """Where a Minister's printed 1 lies in the run frame."""
        self.values = tuple(v for _, v in cards + rallied)
        self.card_points = sum(self.values)

    def merchants_after(self, knight: Card | None) -> frozenset[int]:
        """Merchant values (run frame) left once the Knight has (perhaps) transformed a printed Merchant."""
        if knight is None or knight[0] != "merchant" or knight[1] < 0 or self.merchants[knight[1]] > 1:
            return self.merchant_values
        return self.merchant_values - {knight[1] + self.shift}
