"""Which bonus tile to choose: forced options at sampled bonus decisions, played out with shared streams.

For each of N games (seeds derived by hashing, as `simulate` does, so runs
with different seeds share no game) we sample up to D bonus-tile decisions
that offer at least two tiles. At each one the state is rebuilt from the
event-log prefix with `fold` (and checked against the digest of the live
state), every tile on offer is forced in turn, and the rest of the game is
played out K times. Option k of every tile uses the same random streams
(common random numbers); with `streams = "coupled"` (the default) those are
per-seat, per-purpose streams keyed by where each draw happens
(`engine.core.streams`), so branches keep drawing alike after they diverge.
`"shared"` (one chance and one agent stream per seat, the old scheme) and
`"independent"` (no common numbers) exist to measure what coupling buys.

One row per (decision, option): the decider's mean final score and win
share over the K rollouts, and the share of rollouts in which the decider
ends holding each tile (so a known change to a tile's points has a known
predicted effect). The warehouse fits all of them on one scale
(`warehouse.tile_scale`): "choosing X instead of Y at the same decision".

Rollouts continue from the true state (hidden cards included); agents still
see only their own views.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import pyarrow as pa

from engine.core import ListSink, make_agent, play_game
from engine.core.chance import Chance
from engine.core.driver import fold, play_out, state_digest
from engine.core.errors import BalanceError
from engine.core.events import Event
from engine.core.ruleset import Ruleset
from engine.core.streams import DecisionStreams
from engine.gardens.agents.tile_value import decision_place, outcome, owned_tiles
from engine.gardens.game import GAME
from engine.gardens.state import clone
from lake.spec import game_seed

GAME_ID = "gardens"
STREAMS = ("coupled", "shared", "independent")

RUN_FIELDS = [  # the conditions every row of a tile-value table carries
    ("run_id", pa.string()),
    ("ruleset", pa.string()),
    ("ruleset_digest", pa.string()),
    ("players", pa.int8()),
    ("agents", pa.string()),
    ("streams", pa.string()),
]
CHOICE_SCHEMA = pa.schema([
    *RUN_FIELDS,
    ("game_index", pa.int32()),
    ("game_seed", pa.int64()),
    ("game_rounds", pa.int16()),
    ("decision", pa.int32()),
    ("seq", pa.int32()),
    ("round", pa.int16()),
    ("player", pa.int8()),
    ("offered", pa.string()),
    ("options", pa.int8()),
    ("tile", pa.string()),
    ("n_rollouts", pa.int32()),
    ("mean_score", pa.float64()),
    ("mean_win_share", pa.float64()),
    ("owned", pa.map_(pa.string(), pa.float64())),
])


@dataclass(frozen=True)
class TileValueSpec:
    """What to measure: N games, up to D decisions each, K rollouts per option, P ownership pairs per tile."""

    ruleset: str = "base"
    players: int = 3
    games: int = 10
    rollouts: int = 8
    seed: int = 0
    agents: tuple[str, ...] = ("greedy",)
    decisions_per_game: int = 2
    pairs: int = 0
    streams: str = "coupled"

    def seating(self, g: int) -> tuple[str, ...]:
        """One agent name per seat in game g (a single name fills every seat; a line-up rotates per game)."""
        if len(self.agents) == 1:
            return self.agents * self.players
        if len(self.agents) != self.players:
            raise BalanceError(f"--agents: give one agent or one per seat ({self.players}), got {list(self.agents)}")
        return tuple(self.agents[(seat + g) % self.players] for seat in range(self.players))

    def validate(self) -> None:
        """Reject sizes that cannot produce a result (named by option)."""
        for name in ("games", "rollouts", "decisions_per_game"):
            if getattr(self, name) < 1:
                raise BalanceError(f"--{name.replace('_', '-')} must be at least 1, got {getattr(self, name)}")
        if self.pairs < 0:
            raise BalanceError(f"--pairs must be 0 or more, got {self.pairs}")
        allowed = GAME.facts.player_counts
        if self.players not in allowed:
            raise BalanceError(f"--players: {self.players} players not allowed for game {GAME_ID!r}; "
                               f"allowed: {', '.join(map(str, allowed))}")
        if self.streams not in STREAMS:
            raise BalanceError(f"--streams must be one of {', '.join(STREAMS)}, got {self.streams!r}")
        for name in set(self.agents):
            make_agent(name, GAME)
        self.seating(0)

    def lineup_label(self) -> str:
        """The agents as the warehouse groups them: the line-up, comma-separated."""
        return ",".join(self.seating(0))

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "agents": list(self.agents)}

    def run_id(self, ruleset_digest: str) -> str:
        """Deterministic: the same parameters (and ruleset text) give the same run id."""
        text = json.dumps({**self.to_dict(), "digest": ruleset_digest}, sort_keys=True)
        return "tv-" + hashlib.blake2b(text.encode(), digest_size=6).hexdigest()

    def game_seed(self, g: int) -> int:
        """Game g's seed, derived by hashing (never seed + g: nearby seeds would share games)."""
        return game_seed(self.seed, self.players, g)


@dataclass(frozen=True)
class Decision:
    """A sampled bonus-tile decision: the log prefix before it and who chose."""

    game_index: int
    game_seed: int
    game_rounds: int
    prefix: tuple[Event, ...]
    player: int
    options: tuple[str, ...]
    digest: str
    round: int


def stream_seed(seed: int, game_seed: int, seq: int, k: int, tile: str = "") -> int:
    """The k-th rollout seed of a decision, shared by every option unless `tile` is given (independent)."""
    text = f"tile-value:{seed}:{game_seed}:{seq}:{k}:{tile}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def sample_decisions(spec: TileValueSpec, ruleset: Ruleset, g: int) -> list[Decision]:
    """Play game g and return up to D of its bonus decisions with two or more tiles on offer."""
    sink = ListSink()
    found: list[tuple[tuple[Event, ...], int, tuple[str, ...], str, int]] = []

    def observe(state: Any, player: int, legal: Sequence[Any], command: Any) -> None:
        if len(legal) > 1 and legal[0][0] == "bonus":
            found.append((tuple(sink.events), player, tuple(c[1] for c in legal), state_digest(GAME, state),
                          state.round))

    seed = spec.game_seed(g)
    agents = [make_agent(name, GAME) for name in spec.seating(g)]
    final = play_game(GAME, ruleset, agents, seed, sink, game_id=g, observer=observe)
    rng = random.Random(f"tile-value-sample:{spec.seed}:{seed}")
    picked = sorted(rng.sample(range(len(found)), min(spec.decisions_per_game, len(found))))
    return [Decision(g, seed, final.round - 1, *found[i]) for i in picked]


def evaluate(spec: TileValueSpec, ruleset: Ruleset, decision: Decision, index: int) -> list[dict[str, Any]]:
    """Force each option and play it out K times; one row per option."""
    state = fold(GAME, ruleset, decision.prefix)
    if state_digest(GAME, state) != decision.digest:
        raise BalanceError(f"game seed {decision.game_seed}: state rebuilt from the log prefix differs from play")
    offered = "+".join(sorted(decision.options))
    rows = []
    for tile in decision.options:
        results = option_rollouts(spec, state, decision, tile)
        owned: dict[str, float] = {}
        for _score, _win, tiles in results:
            for t in tiles:
                owned[t] = owned.get(t, 0.0) + 1.0 / len(results)
        rows.append({
            "game_index": decision.game_index, "game_seed": decision.game_seed,
            "game_rounds": decision.game_rounds, "decision": index, "seq": len(decision.prefix),
            "round": decision.round, "player": decision.player, "offered": offered,
            "options": len(decision.options), "tile": tile, "n_rollouts": len(results),
            "mean_score": sum(r[0] for r in results) / len(results),
            "mean_win_share": sum(r[1] for r in results) / len(results),
            "owned": sorted(owned.items()),
        })
    return rows


Outcome = tuple[float, float, set[str]]  # the decider's final score, win share and tiles held


def option_rollouts(spec: TileValueSpec, state: Any, decision: Decision, tile: str) -> list[Outcome]:
    """The decider's (final score, win share, tiles held) in each of K play-outs after taking `tile`."""
    seq = len(decision.prefix)
    results = []
    for k in range(spec.rollouts):
        agents = [make_agent(name, GAME) for name in spec.seating(decision.game_index)]
        seed = stream_seed(spec.seed, decision.game_seed, seq, k, tile if spec.streams == "independent" else "")
        final = _force_and_play(spec, clone(state), agents, ("bonus", tile), seed)
        results.append((*outcome(final, decision.player), owned_tiles(final, decision.player)))
    return results


def _force_and_play(spec: TileValueSpec, state: Any, agents: list[Any], command: Any, seed: int) -> Any:
    """Apply the forced choice (its chance, e.g. the next Caprice tile turned up, drawn in this rollout), play on."""
    streams = DecisionStreams(seed, decision_place) if spec.streams == "coupled" else None
    chooser = GAME.to_move(state)
    assert chooser is not None, "a forced choice is always a decision of a game in progress"
    chance = streams.at(state, chooser)[0] if streams else Chance(stream_seed(seed, 0, 0, 0, "forced"))
    for event in GAME.decide(state, command, chance):
        state = GAME.evolve(state, event)
    return play_out(GAME, state, agents, seed, streams=streams)


def game_rows(spec: TileValueSpec, g: int) -> list[dict[str, Any]]:
    """The option rows of game g's sampled decisions (decision numbers are set by the caller)."""
    ruleset = GAME.load_ruleset(spec.ruleset)
    return [row for decision in sample_decisions(spec, ruleset, g) for row in evaluate(spec, ruleset, decision, 0)]


def in_order(work: Callable[[TileValueSpec, int], list[dict[str, Any]]], spec: TileValueSpec, count: int,
             workers: int, progress: Callable[[int, int], None] | None) -> list[list[dict[str, Any]]]:
    """`work(spec, i)` for i in range(count), on a process pool when workers > 1, results in order."""
    results: list[list[dict[str, Any]]] = []
    if workers <= 1 or count <= 1:
        mapped: Any = (work(spec, i) for i in range(count))
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=min(workers, count))
        mapped = pool.map(work, [spec] * count, range(count), chunksize=max(1, count // (8 * workers)))
    try:
        for done, rows in enumerate(mapped, start=1):
            results.append(rows)
            if progress is not None:
                progress(done, count)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return results


def measure_choices(spec: TileValueSpec, run_id: str, progress: Callable[[int, int], None] | None = None,
                    workers: int = 1) -> pa.Table:
    """Every sampled decision's option rows, as a table in CHOICE_SCHEMA (the same for any worker count)."""
    spec.validate()
    ruleset = GAME.load_ruleset(spec.ruleset)
    rows: list[dict[str, Any]] = []
    seqs: dict[tuple[int, int], int] = {}
    for game in in_order(game_rows, spec, spec.games, workers, progress):
        for row in game:
            row["decision"] = seqs.setdefault((row["game_index"], row["seq"]), len(seqs))
            rows.append(row)
    common = {"run_id": run_id, "ruleset": ruleset.name, "ruleset_digest": ruleset.digest,
              "players": spec.players, "agents": spec.lineup_label(), "streams": spec.streams}
    return pa.Table.from_pylist([{**common, **row} for row in rows], schema=CHOICE_SCHEMA)
