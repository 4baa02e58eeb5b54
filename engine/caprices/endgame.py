"""Round transitions and the end scoring events (ranks, tie-break, shares of the win)."""

from __future__ import annotations

from engine.caprices import events as ev
from engine.caprices.cards import ORDER_ID, UNITY_ID
from engine.caprices.scoring import Breakdown, score_assembly
from engine.caprices.state import State
from engine.core.chance import Chance
from engine.core.events import Event


def round_start(state: State, holder: int, chance: Chance, unseen: list[int] | None = None) -> list[Event]:
    """A round opens: the holder starts, one row card joins the Zone, the next Caprice (if any) turns up.

    Both are drawn now from what is still unseen: the same odds as cards
    dealt face down at setup, and a recorded game names the cards turned up.
    `unseen` overrides the state's unseen cards (at setup, before the hands are applied).
    """
    rules = state.rules
    row_card = chance.draw("subject", state.pile if unseen is None else unseen)[0]
    events: list[Event] = [ev.RoundStarted(holder), ev.SubjectRevealed(row_card, *rules.deck[row_card])]
    index = state.caprices_revealed()
    if index < len(rules.bonus_tokens):
        caprice = chance.draw("caprice", state.unrevealed_caprices())[0]
        events.append(ev.CapriceRevealed(caprice, index + 1, rules.bonus_tokens[index]))
    return events


def end_of_round(state: State, final: list[int] | None, chance: Chance, unseen: list[int]) -> list[Event]:
    """After the last turn of a round: pass the Royal Favour and start the next round, or score the game.

    `final` is the assembly of the player whose turn just ended (the state still has the one before);
    `unseen` the cards still unseen once that turn's draws are out.
    """
    if state.round < state.rules.rounds:
        holder = (state.favour + 1) % state.num_players
        start = round_start(state, holder, chance, unseen)
        return [ev.RoyalFavourPassed(holder), *start]
    assemblies = [state.assembly(p) for p in range(state.num_players)]
    if final is not None and state.current is not None:
        assemblies[state.current] = final
    return score_events(state, assemblies)


def score_events(state: State, assemblies: list[list[int]]) -> list[Event]:
    """caprice_met and player_scored for every player, then game_ended."""
    deck = state.rules.deck
    in_play = state.caprices_in_play()
    slots = {cid: slot for cid, slot, _ in state.revealed}
    results = [score_assembly([deck[c] for c in cards], in_play, state.rules) for cards in assemblies]
    ranks, shares = rank_players([(b.total, b.total_value) for b in results])
    events: list[Event] = []
    for player, result in enumerate(results):
        events += _caprices_met(player, result, slots)
        events.append(_scored(player, result, ranks[player], shares[player]))
    events.append(ev.GameEnded())
    return events


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
