"""The Joust variant: a match of several games (deals) in a row, the scores totalled.

Seed, "Variant: Joust": "we recommend playing 4 games in a row and totalling the scores to determine the
winner. If you do not reuse the Caprices from one game to the next, this will let you see 16 different
cards!" The ruleset's `[joust]` table says how many games (`deals`), whether Caprices are reused
(`reuse_caprices`, read by `State.unrevealed_caprices`), who starts each later game (`next_deal_first`,
read by `setup.deal_setup`) and how a tie on the total is broken (`tie_break`). Each game ends with
`deal_scored`; the match with `player_scored` (the totals). The registered game is `joust.py`.
"""

from __future__ import annotations

from engine.caprices import events as ev
from engine.caprices.end_of_game import rank_players, scored_events
from engine.caprices.rules import Rules
from engine.caprices.scoring import Breakdown
from engine.caprices.state import State
from engine.core.events import Event
from engine.core.ruleset import Ruleset


def check_joust(ruleset: Ruleset, rules: Rules) -> None:
    """Without reuse, every game of the match must find its Caprices in the pool."""
    needed = rules.joust_deals * len(rules.bonus_tokens)
    if not rules.joust_reuse_caprices and needed > len(rules.caprices):
        raise ruleset.error("joust.deals", f"{rules.joust_deals} games without reuse need {needed} Caprices; the "
                            f"pool has {len(rules.caprices)} (set joust.reuse_caprices = true or fewer deals)")


def deal_scored_events(state: State, results: list[Breakdown]) -> list[Event]:
    """Joust: caprice_met and deal_scored for every player at the end of one game of the match."""
    return scored_events(state, results, lambda p, r, rank, share: ev.DealScored(
        p, r.total, r.card_points, r.order_points, r.merchant_points, r.unity_points, r.caprice_points,
        r.total_value, rank, share, r.knight_target, r.ministers_transformed, r.run_length, r.largest_family,
        state.deal,
    ))


def match_scored_events(state: State, last: list[ev.DealScored]) -> list[Event]:
    """Joust: the match's player_scored (totals over the games; ties as `joust.tie_break` says), then game_ended."""
    games = [*state.deal_scores, *last]
    mine = [[g for g in games if g.player == p] for p in range(state.num_players)]
    totals = [(sum(g.score for g in own), sum(g.total_value for g in own)) for own in mine]
    if state.rules.joust_tie_break == "shared":
        totals = [(score, 0) for score, _ in totals]
    ranks, shares = rank_players(totals)
    events: list[Event] = [
        ev.PlayerScored(
            p, sum(g.score for g in own), sum(g.card_points for g in own), sum(g.order_points for g in own),
            sum(g.merchant_points for g in own), sum(g.unity_points for g in own),
            sum(g.caprice_points for g in own), sum(g.total_value for g in own), ranks[p], shares[p], None,
            sum(g.ministers_transformed for g in own), max(g.run_length for g in own),
            max(g.largest_family for g in own),
        )
        for p, own in enumerate(mine)
    ]
    return [*events, ev.GameEnded()]
