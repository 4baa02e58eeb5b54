"""End of the game: each player reveals and scores their assembly; the highest total wins, ties the lowest value.

Seed, "End of the Game": "At the end of the 6th round, each player reveals their hand and calculates their
score ... Whoever has the highest total score wins the game! In case of a tie, the tied player with the
lowest total value of Subject cards wins." A tie left after that (equal scores and values) is shared, the one
reading `end.remaining_tie` allows (assumed: the seed says no more). The score itself is `scoring.py`; this
file turns it into the logged events (`caprice_met`, `player_scored` with rank and share of the win, `game_ended`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.caprices import events as ev
from engine.caprices.rules import ORDER_ID, UNITY_ID
from engine.caprices.scoring import Breakdown, score_assembly
from engine.caprices.state import State
from engine.core.events import Event


def score_results(state: State, assemblies: list[tuple[list[int], list[int]]]) -> list[Breakdown]:
    """Each player's exact best score (hand and rallied cards each)."""
    deck = state.rules.deck
    in_play = state.caprices_in_play()
    return [score_assembly([deck[c] for c in hand], in_play, state.rules, [deck[c] for c in rallied])
            for hand, rallied in assemblies]


def score_events(state: State, results: list[Breakdown]) -> list[Event]:
    """caprice_met and player_scored for every player, then game_ended."""
    return [*scored_events(state, results, _scored), ev.GameEnded()]


def scored_events(
    state: State, results: list[Breakdown], scored: Callable[[int, Breakdown, int, float], Event],
) -> list[Event]:
    """Per player: the Caprices met, then `scored(player, breakdown, rank, win share)`."""
    slots = {cid: slot for cid, slot, _ in state.revealed}
    ranks, shares = rank_players([(b.total, b.total_value) for b in results])
    events: list[Event] = []
    for player, result in enumerate(results):
        events += _caprices_met(player, result, slots)
        events.append(scored(player, result, ranks[player], shares[player]))
    return events


def rank_players(results: list[tuple[int, int]]) -> tuple[list[int], list[float]]:
    """Ranks (1 = best; higher score, then lower total value) and win shares (1/k among k tied winners,
    `end.remaining_tie`)."""
    keys = [(-score, value) for score, value in results]
    ranks = [1 + sum(1 for other in keys if other < key) for key in keys]
    winners = ranks.count(1)
    return ranks, [1.0 / winners if rank == 1 else 0.0 for rank in ranks]


def _caprices_met(player: int, result: Breakdown, slots: dict[str, int]) -> list[Event]:
    events: list[Event] = []
    if result.order_points:
        events.append(ev.CapriceMet(player, ORDER_ID, 0, result.order_points))
    if result.unity_points:
        events.append(ev.CapriceMet(player, UNITY_ID, 0, result.unity_points))
    events += [ev.CapriceMet(player, cid, slots[cid], points) for cid, points in result.caprices.items() if points]
    return events


def _scored(player: int, r: Breakdown, rank: int, share: float) -> ev.PlayerScored:
    return ev.PlayerScored(
        player, r.total, r.card_points, r.order_points, r.merchant_points, r.unity_points, r.caprice_points,
        r.total_value, rank, share, r.knight_target, r.ministers_transformed, r.run_length, r.largest_family,
    )
