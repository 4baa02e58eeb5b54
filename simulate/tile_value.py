"""Causal value of Four Gardens bonus tiles by paired simulation from sampled decisions.

For each of N games (played with the chosen line-up, seats all the same
agent by default) we sample up to D bonus-tile decisions that offer at least
two tiles. At each one the state is rebuilt from the event-log prefix with
`fold` (and checked against the digest of the live state), every tile on
offer is forced in turn, and the rest of the game is played out K times with
`play_out`, using the SAME K rollout seeds for every option (common random
numbers: option differences are not drowned by luck that all options share).

Per decision, an option's value is the deciding player's mean final score
(and win share) over its K rollouts minus the mean over all options at that
decision, so the values of one decision sum to zero. The decision is the
statistical unit: `summarise` averages those differences per tile over
decisions with a 95% Student t interval.

This differs from the `prefer-<tile>` / `avoid-<tile>` agents of
`engine.gardens.tile_value`: those compare whole-game policies (always or
never take a tile, for one seat), which also counts how often the tile comes
up; this measures one choice, given the situation in which it was offered.

Rollouts continue from the true state (hidden cards included); agents still
see only their own views, so this is what the choice is worth against this
deal, averaged over decisions.

Results go to `LAKE/tile_values/game=gardens/run=<run_id>/part-0.parquet`.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from engine.core import ListSink, make_agent, play_game
from engine.core.driver import fold, play_out, state_digest
from engine.core.errors import BalanceError
from engine.core.events import Event
from engine.gardens.game import GAME
from engine.gardens.state import clone
from simulate.lake import write_table_atomic

GAME_ID = "gardens"
# Student t 97.5% quantiles for 1..30 degrees of freedom (few decisions per tile
# are common, and a normal interval would be too narrow there); beyond 30,
# 1.96 + 2.5/df is within 0.003 of the exact quantile.
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)

SCHEMA = pa.schema([
    ("run_id", pa.string()),
    ("ruleset", pa.string()),
    ("ruleset_digest", pa.string()),
    ("players", pa.int8()),
    ("agents", pa.string()),
    ("game_seed", pa.int64()),
    ("decision", pa.int32()),
    ("seq", pa.int32()),
    ("round", pa.int16()),
    ("player", pa.int8()),
    ("options", pa.int8()),
    ("tile", pa.string()),
    ("n_rollouts", pa.int32()),
    ("mean_score", pa.float64()),
    ("mean_win_share", pa.float64()),
    ("score_vs_avg", pa.float64()),
    ("win_vs_avg", pa.float64()),
])


@dataclass(frozen=True)
class TileValueSpec:
    """What to measure: N games, up to D decisions each, K rollouts per option."""

    ruleset: str = "base"
    players: int = 3
    games: int = 10
    rollouts: int = 8
    seed: int = 0
    agents: tuple[str, ...] = ("greedy",)
    decisions_per_game: int = 2

    def lineup(self) -> tuple[str, ...]:
        """One agent name per seat (a single name fills every seat; otherwise one per seat)."""
        if len(self.agents) == 1:
            return self.agents * self.players
        if len(self.agents) != self.players:
            raise BalanceError(f"--agents: give one agent or one per seat ({self.players}), got {list(self.agents)}")
        return self.agents

    def validate(self) -> None:
        """Reject sizes that cannot produce a result (named by option)."""
        for name in ("games", "rollouts", "decisions_per_game"):
            if getattr(self, name) < 1:
                raise BalanceError(f"--{name.replace('_', '-')} must be at least 1, got {getattr(self, name)}")
        self.lineup()

    def run_id(self, ruleset_digest: str) -> str:
        """Deterministic: the same parameters (and ruleset text) give the same run id."""
        text = json.dumps({**self.__dict__, "agents": list(self.agents), "digest": ruleset_digest}, sort_keys=True)
        return "tv-" + hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


@dataclass(frozen=True)
class Decision:
    """A sampled bonus-tile decision: the log prefix before it and who chose."""

    game_seed: int
    prefix: tuple[Event, ...]
    player: int
    options: tuple[str, ...]
    digest: str
    round: int


def output_path(lake: Path, run_id: str) -> Path:
    """Where a run's tile values are written."""
    return Path(lake) / "tile_values" / f"game={GAME_ID}" / f"run={run_id}" / "part-0.parquet"


def rollout_seed(seed: int, game_seed: int, decision: int, k: int) -> int:
    """The k-th rollout seed of a decision: shared by every option (common random numbers)."""
    text = f"tile-value:{seed}:{game_seed}:{decision}:{k}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def sample_decisions(spec: TileValueSpec, ruleset: Any, game_seed: int) -> list[Decision]:
    """Play one game and return up to D of its bonus decisions with two or more tiles on offer."""
    sink = ListSink()
    found: list[Decision] = []

    def observe(state: Any, player: int, legal: Sequence[Any], command: Any) -> None:
        if len(legal) > 1 and legal[0][0] == "bonus":
            options = tuple(c[1] for c in legal)
            found.append(Decision(game_seed, tuple(sink.events), player, options,
                                  state_digest(GAME, state), state.round))

    agents = [make_agent(name, GAME) for name in spec.lineup()]
    play_game(GAME, ruleset, agents, game_seed, sink, game_id=game_seed, observer=observe)
    rng = random.Random(f"tile-value-sample:{spec.seed}:{game_seed}")
    picked = sorted(rng.sample(range(len(found)), min(spec.decisions_per_game, len(found))))
    return [found[i] for i in picked]


def evaluate(spec: TileValueSpec, ruleset: Any, decision: Decision, index: int) -> list[dict[str, Any]]:
    """Force each option and play out K times with shared seeds; one row per option."""
    state = fold(GAME, ruleset, decision.prefix)
    if state_digest(GAME, state) != decision.digest:
        raise BalanceError(f"game seed {decision.game_seed}: state rebuilt from the log prefix differs from play")
    means = [_option_means(spec, state, decision, index, tile) for tile in decision.options]
    avg_score = sum(m[0] for m in means) / len(means)
    avg_win = sum(m[1] for m in means) / len(means)
    return [
        {"decision": index, "seq": len(decision.prefix), "round": decision.round, "player": decision.player,
         "options": len(decision.options), "tile": tile, "n_rollouts": spec.rollouts, "game_seed": decision.game_seed,
         "mean_score": score, "mean_win_share": win, "score_vs_avg": score - avg_score, "win_vs_avg": win - avg_win}
        for tile, (score, win) in zip(decision.options, means)
    ]


def _option_means(spec: TileValueSpec, state: Any, decision: Decision, index: int, tile: str) -> tuple[float, float]:
    """Mean final score and win share of the deciding player after taking `tile`."""
    forced = clone(state)
    for event in GAME.decide(forced, ("bonus", tile), random.Random(0)):  # a bonus choice draws nothing
        forced = GAME.evolve(forced, event)
    total_score = total_win = 0.0
    for k in range(spec.rollouts):
        agents = [make_agent(name, GAME) for name in spec.lineup()]
        sink = ListSink()
        play_out(GAME, clone(forced), agents, rollout_seed(spec.seed, decision.game_seed, index, k), sink)
        scored = next(e for e in sink.events if e.TYPE == "player_scored" and e.player == decision.player)  # type: ignore[attr-defined]
        total_score += scored.score  # type: ignore[attr-defined]
        total_win += scored.win_share  # type: ignore[attr-defined]
    return total_score / spec.rollouts, total_win / spec.rollouts


def spec_run_id(spec: TileValueSpec) -> str:
    """The run id of a spec (loads its ruleset for the digest)."""
    return spec.run_id(GAME.load_ruleset(spec.ruleset).digest)


def measure(spec: TileValueSpec, progress: Callable[[int, int], None] | None = None) -> pa.Table:
    """Every sampled decision's option values, as a table in SCHEMA (run id included)."""
    spec.validate()
    ruleset = GAME.load_ruleset(spec.ruleset)
    run_id = spec.run_id(ruleset.digest)
    rows: list[dict[str, Any]] = []
    index = 0
    for g in range(spec.games):
        for decision in sample_decisions(spec, ruleset, spec.seed + g):
            rows.extend(evaluate(spec, ruleset, decision, index))
            index += 1
        if progress is not None:
            progress(g + 1, spec.games)
    common = {"run_id": run_id, "ruleset": ruleset.name, "ruleset_digest": ruleset.digest,
              "players": spec.players, "agents": ",".join(spec.lineup())}
    return pa.Table.from_pylist([{**common, **row} for row in rows], schema=SCHEMA)


def write(table: pa.Table, lake: Path, run_id: str) -> Path:
    """Write a run's rows atomically (temp name + os.replace); returns the file."""
    path = output_path(lake, run_id)
    write_table_atomic(table, path)
    return path


@dataclass(frozen=True)
class TileSummary:
    """One tile's causal value over decisions (the decision is the unit)."""

    tile: str
    decisions: int
    rollouts: int
    score_vs_avg: float
    score_lo: float
    score_hi: float
    win_vs_avg: float
    win_lo: float
    win_hi: float

    @property
    def beyond_noise(self) -> bool:
        """The score interval excludes 0 (needs at least two decisions)."""
        return self.score_lo > 0 or self.score_hi < 0


def summarise(table: pa.Table) -> list[TileSummary]:
    """Per tile: mean difference from the average option, n, and a 95% t interval over decisions."""
    by_tile: dict[str, list[tuple[float, float, int]]] = defaultdict(list)
    for row in table.select(["tile", "score_vs_avg", "win_vs_avg", "n_rollouts"]).to_pylist():
        by_tile[row["tile"]].append((row["score_vs_avg"], row["win_vs_avg"], row["n_rollouts"]))
    summaries = []
    for tile in sorted(by_tile):
        values = by_tile[tile]
        score, score_half = mean_interval([v[0] for v in values])
        win, win_half = mean_interval([v[1] for v in values])
        summaries.append(TileSummary(tile, len(values), sum(v[2] for v in values), score,
                                     score - score_half, score + score_half, win, win - win_half, win + win_half))
    return summaries


def t975(df: int) -> float:
    """The two-sided 95% Student t critical value for `df` degrees of freedom."""
    return T975[df - 1] if df <= len(T975) else 1.96 + 2.5 / df


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% Student t half-width (infinite below two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, t975(n - 1) * math.sqrt(var / n)


def study_steps(path: Path, scale: float = 1.0) -> list[TileValueSpec]:
    """The `[[tile_value]]` entries of a study file (none is fine); `games` is multiplied by `scale`."""
    import tomllib

    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    seed = data.get("defaults", {}).get("seed", 0)
    specs = []
    for number, entry in enumerate(data.get("tile_value", []), start=1):
        values = {"seed": seed, **entry}
        unknown = set(values) - set(TileValueSpec.__dataclass_fields__)
        if unknown:
            raise BalanceError(f"{path} [[tile_value]] #{number}: unknown keys {sorted(unknown)}")
        values["agents"] = tuple(values.get("agents", ("greedy",)))
        values["games"] = max(1, math.ceil(values.get("games", 10) * scale))
        spec = TileValueSpec(**values)
        spec.validate()
        specs.append(spec)
    return specs


def run_step(spec: TileValueSpec, lake: Path) -> tuple[Path, bool]:
    """Measure and write one study step unless its file is already in the lake (resumable)."""
    path = output_path(lake, spec_run_id(spec))
    if path.exists():
        return path, False
    return write(measure(spec), lake, spec_run_id(spec)), True
