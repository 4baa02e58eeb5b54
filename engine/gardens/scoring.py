"""End-game scoring: god track points, Extra Rewards, Caprice favor; ranks with the seed's tie-breaks."""

from __future__ import annotations

from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.state import Player, State


def track_points(state: State, player: int) -> int:
    """Points for the space of each god marker (a knocked-off marker scores nothing)."""
    points = state.config.points
    return sum(points[space - 1] for space in state.players[player].track if space > 0)


def favor(state: State, player: int) -> int:
    """Caprice tiles' end-game favor, each as its tile says."""
    values = state.config.caprice_values
    if not values:
        return 0
    tiles = state.players[player].tiles
    total = 0
    if tiles.get("foresight") == "down":
        total += values["foresight_favor"]
    if tiles.get("gift") == "favor":
        total += values["gift_favor"]
    if tiles.get("recovery") == "favor":
        total += values["recovery_favor"]
    if tiles.get("abundance") == "down":
        total += values["abundance_favor"]
    if "cohesion" in tiles:
        total += values["cohesion_favor"][min(bonus_tiles_held(state, player), 3) - 1]
    return int(total)


def bonus_tiles_held(state: State, player: int) -> int:
    """Bonus tiles a player collected, for Cohesion: Caprice tiles, and Gift's storage tiles if they count."""
    values = state.config.caprice_values
    tiles = state.players[player].tiles
    gift_tiles = values["gift_storage"] if tiles.get("gift") == "down" and values["cohesion_counts_gift_storage"] else 0
    return len(tiles) + int(gift_tiles)


def score(state: State, player: int) -> int:
    """Track points + Extra Rewards + favor."""
    return track_points(state, player) + state.players[player].extra_rewards + favor(state, player)


def ranks(state: State) -> list[int]:
    """1 = best after tie-breaks (most completed groundworks, then largest panorama); ties share."""
    keys = [_rank_key(state, i, p) for i, p in enumerate(state.players)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def _rank_key(state: State, player: int, p: Player) -> tuple[int, int, int]:
    return (score(state, player), p.completed, p.largest_panorama)


def final_events(state: State) -> list[Event]:
    """One player_scored per player, then game_ended."""
    order = ranks(state)
    winners = order.count(1)
    events: list[Event] = []
    for i, p in enumerate(state.players):
        events.append(ev.PlayerScored(
            player=i, score=score(state, i), rank=order[i], win_share=1.0 / winners if order[i] == 1 else 0.0,
            track_points=track_points(state, i), extra_rewards=p.extra_rewards, favor=favor(state, i),
            completed=p.completed, largest_panorama=p.largest_panorama,
            track_gods=state.config.gods, track_spaces=tuple(p.track), track_length=state.config.track_length,
        ))
    events.append(ev.GameEnded(state.end_reason, state.round))  # (the scoring's first event counts the next round)
    return events


def scores(state: State) -> list[float]:
    """Every player's score, in seat order."""
    return [float(score(state, i)) for i in range(state.num_players)]
