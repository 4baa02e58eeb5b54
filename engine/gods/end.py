"""The end: when the world is done, the players' agreement, and the final scores.

Seed: "once the world is full or the players agree that no more tiles can be
placed, the game ends" (public: also when the bag is empty or nobody can
place). The world is *done* when it is full (`end.full_world`), when no tile
still in play fits any space a tile may go (`end.tiles_considered`: which
tiles the players count), or when nobody can place, draw or discard any
more (the deadlock, `end.when_stuck`). From then on a player may only put a
prophet on the tile it has just placed, and otherwise agrees to the end
(`DeclareEnd`), or waits while another player's prophet is on its way
(`decide.legal_commands`). The game ends with the scores of the board as it
is (`scoring`).

The players also agree the end when nobody has made progress (`events.PROGRESS`:
a tile drawn, placed or discarded, a city marker placed) for `end.idle_ms` of
game time (`idle`; 0 = never): a table does not wait for ever for one player
who could act but only waits. The players look at the time when one of them
plans (`clock.now`); a plan already under way still comes due, and a tile it
places is progress. The end reason is then `idle`.
"""

from __future__ import annotations

from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods.clock import now
from engine.gods.commands import DeclareEnd
from engine.gods.events import GameEnded, LandscapeScored, PlayerScored
from engine.gods.hands import HANDS, can_discard
from engine.gods.placement import tile_spaces
from engine.gods.prophets import prophet_pending
from engine.gods.scoring import landscape_results, ranks, score_all
from engine.gods.state import NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES


def world_done(state: GodsState) -> bool:
    """Full, or nothing can be placed: no tile in play fits anywhere, or nobody can place, draw or discard."""
    key = (_DONE, state.version)
    done = state.cache.get(key)
    if done is None:
        done = state.cache[key] = _world_done(state)
    return done  # type: ignore[no-any-return]


def not_done(state: GodsState) -> None:
    """Note that the world is not done (a tile in play fits a space: a player can place it), sparing the search."""
    state.cache[_DONE, state.version] = False


_DONE = "done"  # world_done's key in the state's cache (with the state version)


def _world_done(state: GodsState) -> bool:
    if state.full:
        return True
    fit_mask = state.config.tiles.fit_mask
    fitting = 0  # a bit per tile kind that fits some space
    for cell in tile_spaces(state):
        fitting |= fit_mask[state.pattern_at[cell]]
    if not fitting & kinds_in_play(state):
        return True
    return not any(_can_progress(state, p, fitting) for p in range(state.num_players))


def kinds_in_play(state: GodsState) -> int:
    """A bit per tile kind the players count as still to be placed (`end.tiles_considered`)."""
    tiles = state.config.tiles
    if state.config.tiles_considered == "hands_discards":
        if state.bag_left:
            return -1  # nobody can see into the bag: any tile may still come
        return tiles.kinds_mask([t for hand in state.hands for t in hand] + [t for d in state.discards for t in d])
    return state.kinds_left


def _can_progress(state: GodsState, player: int, fitting: int) -> bool:
    """Whether the player can draw, discard or place a tile (on a space some kind in `fitting` fits)."""
    hand = state.hands[player]
    if (not hand and state.bag_left) or (hand and can_discard(state, player)):
        return True
    tiles = state.config.tiles
    mine = tiles.kinds_mask(hand)
    if len(hand) < HANDS:
        mine |= tiles.kinds_mask([t for pile in state.discards for t in pile])
    return bool(mine & fitting)


def idle(state: GodsState) -> bool:
    """Nobody has made progress for `end.idle_ms` by the time the next player plans (never with 0)."""
    limit = state.config.idle_ms
    return limit > 0 and now(state) - state.progress_ms >= limit


def may_end(state: GodsState) -> bool:
    """Whether the players may agree the end: the world is done, or the table has been idle long enough."""
    return idle(state) or world_done(state)


def end_reason(state: GodsState) -> str:
    """Why the game ends: frame_full, bag_empty (and nothing more fits) or stuck; idle if the world is not done."""
    if not world_done(state):
        return "idle"
    if state.full:
        return "frame_full"
    return "bag_empty" if not state.bag_left else "stuck"


def declare_end(state: GodsState, c: DeclareEnd) -> list[Event]:
    """The players agree the game is over: the scoring events and `game_ended` (IllegalCommand if not yet)."""
    if not may_end(state):
        raise IllegalCommand("world_not_done", "a tile can still be placed, drawn or discarded, and the table has "
                                               "not been idle for end.idle_ms")
    if prophet_pending(state):
        raise IllegalCommand("prophet_pending", "a player is still putting a prophet on the tile it just placed")
    ended = GameEnded(end_reason(state), c.player, state.tiles_on_board, len(state.cities))
    return [*_landscape_scores(state), *_final_scores(state), ended]


def _landscape_scores(state: GodsState) -> list[Event]:
    """One landscape_scored event per landscape."""
    return [
        LandscapeScored(LANDSCAPES[i], r.mass, r.groups, r.mass_bonus, r.groups_bonus, state.god_of[i])
        for i, r in enumerate(landscape_results(state))
    ]


def _final_scores(state: GodsState) -> list[Event]:
    """One player_scored event per player."""
    scores = score_all(state)
    totals = [s.total for s in scores]
    rank, share = ranks(totals)
    used = [sum(1 for *_, p in state.prophets if p == player) for player in range(state.num_players)]
    return [
        PlayerScored(p, totals[p], rank[p], share[p], s.city_points, s.region_points, s.mass_bonus, s.groups_bonus,
                     LANDSCAPES[state.player_god[p]] if state.player_god[p] != NOBODY else "", state.god_ms[p], used[p])
        for p, s in enumerate(scores)
    ]
