"""Round transitions and the end scoring events (ranks, tie-break, shares of the win)."""

from __future__ import annotations

from collections.abc import Callable

from engine.caprices import events as ev
from engine.caprices.cards import ORDER_ID, UNITY_ID
from engine.caprices.scoring import Breakdown, score_assembly
from engine.caprices.state import State
from engine.core.chance import Chance
from engine.core.events import Event


def round_start(
    state: State, holder: int, chance: Chance, unseen: list[int] | None = None, new_deal: bool = False,
) -> list[Event]:
    """A round opens: the holder starts, one row card joins the Zone, the next Caprice (if any) turns up.

    Both are drawn now from what is still unseen: the same odds as cards
    dealt face down at setup, and a recorded game names the cards turned up.
    `unseen` overrides the state's unseen cards (at setup, before the hands
    are applied); `new_deal`: the first round of a Joust's next game (the
    state still shows the last game's Caprices).
    """
    rules = state.rules
    row_card = chance.draw("subject", state.pile if unseen is None else unseen)[0]
    events: list[Event] = [ev.RoundStarted(holder), ev.SubjectRevealed(row_card)]
    index = 0 if new_deal else state.caprices_revealed()
    if index < len(rules.bonus_tokens):
        caprice = chance.draw("caprice", state.unrevealed_caprices(new_deal))[0]
        events.append(ev.CapriceRevealed(caprice, index + 1, rules.bonus_tokens[index]))
    return events


def end_of_round(
    state: State, final: tuple[list[int], list[int]] | None, chance: Chance, unseen: list[int],
    next_deal: Callable[[], list[Event]],
) -> list[Event]:
    """After the last turn of a round: pass the Royal Favour and start the next round, or score the game.

    `final` is the hand and rallied cards of the player whose turn just ended
    (the state still has the ones before); `unseen` the cards still unseen
    once that turn's draws are out. In a Joust match a scored game is
    followed by `next_deal()` (the next game's setup) or by the match's scores.
    """
    if state.deal_round() < state.rules.rounds:
        holder = (state.favour + 1) % state.num_players
        start = round_start(state, holder, chance, unseen)
        return [ev.RoyalFavourPassed(holder), *start]
    assemblies = [(state.hands[p], state.rallied[p]) for p in range(state.num_players)]
    if final is not None and state.current is not None:
        assemblies[state.current] = final
    results = score_results(state, assemblies)
    if state.deals == 1:
        return score_events(state, results)
    events = deal_scored_events(state, results)
    if state.deal + 1 < state.deals:
        return events + next_deal()
    return events + match_scored_events(state, [e for e in events if isinstance(e, ev.DealScored)])


def score_results(state: State, assemblies: list[tuple[list[int], list[int]]]) -> list[Breakdown]:
    """Each player's exact best score (hand and rallied cards each)."""
    deck = state.rules.deck
    in_play = state.caprices_in_play()
    return [score_assembly([deck[c] for c in hand], in_play, state.rules, [deck[c] for c in rallied])
            for hand, rallied in assemblies]


def score_events(state: State, results: list[Breakdown]) -> list[Event]:
    """caprice_met and player_scored for every player, then game_ended."""
    return [*_scored_events(state, results, _scored), ev.GameEnded()]


def deal_scored_events(state: State, results: list[Breakdown]) -> list[Event]:
    """Joust: caprice_met and deal_scored for every player at the end of one game of the match."""
    return _scored_events(state, results, lambda p, r, rank, share: ev.DealScored(
        p, r.total, r.card_points, r.order_points, r.merchant_points, r.unity_points, r.caprice_points,
        r.total_value, rank, share, r.knight_target, r.ministers_transformed, r.run_length, r.largest_family,
        state.deal,
    ))


def _scored_events(
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


def rank_players(results: list[tuple[int, int]]) -> tuple[list[int], list[float]]:
    """Ranks (1 = best; higher score, then lower total value) and win shares (1/k among k tied winners)."""
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
