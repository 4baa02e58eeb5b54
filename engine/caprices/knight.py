"""The Knight: at the end of the game, a player holding a Knight may turn one card of theirs into a Knight.

Seed: "Knight: at the end of the game, whether you have one or more Knight cards, you may transform only one
Subject card from your hand. Choose one of your Peasants, Artisans, Bourgeoises or Merchants. The transformed
card then becomes a Knight in all circumstances." Ruleset readings: `knight.takes_rallied` (a rallied card
too; the seed says "from your hand"), `knight.takes_transformed_minister` (a Minister turned one of those
castes) and `minister.transformed_enables_knight` (a Minister turned Knight gives the transformation:
`Rules.knight_enablers`). Which cards it may take is `knight_takeable`, read by the exact scoring
(`assembly.Assembly`, `choices.knight_targets`) and by the agents' estimate (`agents/estimate.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.caprices.rules import MINISTERS, Card, Rules

KNIGHT_TARGETS = ("peasant", "artisan", "bourgeoise", "merchant")
"""What the Knight may turn into a Knight (seed)."""
MINISTER_TARGET = {"minister_odd": -1, "minister_even": -2}
"""A Knight target ("merchant", MINISTER_TARGET[kind]) is a Minister of that kind turned Merchant."""


def knight_takeable(rules: Rules, hand: Sequence[Card], rallied: Sequence[Card]) -> tuple[Card, ...]:
    """The printed cards the Knight may transform, in order: the hand's, then (`knight.takes_rallied`) the rallied."""
    cards = (*hand, *rallied) if rules.knight_takes_rallied else hand
    return tuple(card for card in cards if card[0] in KNIGHT_TARGETS)


def knight_run_key(run_key: tuple[int, int, int, int], knight: Card | None) -> tuple[int, int, int, int]:
    """The run Ministers once the Knight has (perhaps) transformed a Minister-Merchant that earned the bonus."""
    run_odd, run_even, merchant_odd, merchant_even = run_key
    if knight is not None and knight[1] == MINISTER_TARGET["minister_odd"] and merchant_odd:
        return run_odd, run_even, merchant_odd - 1, merchant_even
    if knight is not None and knight[1] == MINISTER_TARGET["minister_even"] and merchant_even:
        return run_odd, run_even, merchant_odd, merchant_even - 1
    return run_key


def knight_on_minister(
    knight_castes: frozenset[str], knight: Card | None, castes: tuple[tuple[str, str], ...],
) -> tuple[tuple[tuple[str, str], ...], bool]:
    """The Ministers' final castes once the Knight has transformed one of them (if it did), and whether it did.

    A printed card is preferred when one of the caste is takeable (`knight_castes`; the counts are the same
    either way).
    """
    if knight is None or (knight[1] >= 0 and knight[0] in knight_castes):
        return castes, False
    kinds = [kind for kind, value in MINISTER_TARGET.items() if value == knight[1]] or list(MINISTERS)
    for i, (printed, caste) in enumerate(castes):
        if caste == knight[0] and printed in kinds:
            return castes[:i] + ((printed, "knight"),) + castes[i + 1:], True
    raise AssertionError(f"Knight target {knight} matches no card")  # pragma: no cover - the search never picks one
