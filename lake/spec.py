"""Run specs: what to simulate, and the deterministic plan of games it implies.

A `RunSpec` names a game, a ruleset, player counts, an agent line-up, the
number of games per player count, a seed and a batch size. From it follow,
with no randomness and no clock:

- the games: ids 0..N-1 in player-count order, each with its own seed derived
  from (spec seed, player count, index) so any game can be replayed alone;
- the seating (seat rotation): in game k with P players, seat s is taken by
  `agents[(s + k) % L]` where L is the line-up length. When L divides P this
  is exactly "the line-up cycled to P seats, rotated by k". Over any L
  consecutive games every agent sits in every seat exactly once, so seat
  advantage and agent strength do not mix. When `games` is not a multiple of
  L, the last `games % L` games are a partial rotation: the first agents of
  the line-up get one extra game in some seats (at most one game per agent
  and seat); use a multiple of L when measuring seat effects;
- duplicate deals (`deals = "duplicate"`): game k with P players is rotation
  k mod P of deal k // P, every rotation of a deal on the deal's seed
  (`engine.core.duplicate`: seat s gets what the deal gave seat s + r); the
  games per player count must be a multiple of each P, so every deal is
  played whole;
- the batches: consecutive games, `batch_size` per batch (the last may be
  smaller), batch n written to `part-<n>.parquet`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import BalanceError
from lake.layout import RUN_ID_RULE, safe_run_id

DEFAULT_BATCH_SIZE = 500
MAX_GAMES = 100_000_000  # per player count: beyond any study, and every id and count stays small
MAX_BATCH_SIZE = 1_000_000
MAX_BATCHES = 1_000_000  # part files per run (raise batch_size for bigger runs)
MIN_SEED, MAX_SEED = -(1 << 63), (1 << 63) - 1
DEFAULT_RULESET = "default"  # stands for the game's own default ruleset
DEALS = ("independent", "duplicate")  # a fresh deal per game, or each deal played once per seat rotation
_SEED_MASK = (1 << 63) - 1  # seeds live in an int64 column


class SpecError(BalanceError):
    """A run spec (flags or TOML file) is invalid: names the file/flag and key."""


@dataclass(frozen=True)
class PlannedGame:
    """One game of a run: its id, player count, seed and seated agents."""

    game_id: int
    num_players: int
    seed: int
    agents: tuple[str, ...]
    rotation: int = 0  # of a duplicate deal: seat s gets what the deal gave seat s + rotation


@dataclass(frozen=True)
class Batch:
    """A contiguous slice of a run's games, written to one part file."""

    index: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True)
class RunSpec:
    """Everything that determines a run's events (and nothing else).

    `ruleset` is a name, a .toml path, or "default" for the game's default ruleset.
    """

    game: str
    ruleset: str
    players: tuple[int, ...]
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    batch_size: int = DEFAULT_BATCH_SIZE
    run_id: str = ""
    deals: str = "independent"  # one of DEALS

    def __post_init__(self) -> None:
        _check_spec(self, "spec")
        if not self.run_id:
            object.__setattr__(self, "run_id", f"{self.game}-{self.content_hash()}")

    def content_hash(self) -> str:
        """A short hash of every field that changes the events or their files."""
        fields = self.to_dict()
        fields.pop("run_id")
        return hashlib.blake2b(json.dumps(fields, sort_keys=True).encode(), digest_size=5).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        """The spec as JSON-ready data (tuples become lists); independent deals are left out, as before `deals`
        existed, so every earlier run keeps its id."""
        data = {k: list(v) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(self).items()}
        if data["deals"] == DEALS[0]:
            del data["deals"]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str = "spec") -> RunSpec:
        """A spec from a mapping; unknown or missing keys are named with `where`."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SpecError(f"{where}: unknown key(s) {', '.join(unknown)}; valid keys: {', '.join(sorted(known))}")
        required = ("game", "players", "agents", "games")
        missing = [k for k in required if k not in data]
        if missing:
            raise SpecError(f"{where}: missing key(s) {', '.join(missing)}")
        values = dict(data)
        values.setdefault("ruleset", DEFAULT_RULESET)
        for key in ("players", "agents"):
            values[key] = _as_tuple(values[key], key, where)
        try:
            return cls(**values)
        except SpecError as exc:
            raise SpecError(str(exc).replace("spec:", f"{where}:", 1)) from None

    @classmethod
    def from_toml(cls, path: str | Path) -> RunSpec:
        """A spec from an experiment file: a `[run]` table (or top-level keys)."""
        path = Path(path)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise SpecError(f"{path}: cannot read spec file ({exc.strerror})") from None
        except tomllib.TOMLDecodeError as exc:
            raise SpecError(f"{path}: not valid TOML: {exc}") from None
        table = data.get("run", data)
        if not isinstance(table, dict):
            raise SpecError(f"{path}: key 'run' must be a table")
        return cls.from_dict(table, where=str(path))

    @property
    def total_games(self) -> int:
        return self.games * len(self.players)

    def planned_games(self, start: int = 0, stop: int | None = None) -> Iterator[PlannedGame]:
        """The games with ids in [start, stop), in id order."""
        stop = self.total_games if stop is None else stop
        for game_id in range(start, stop):
            num_players = self.players[game_id // self.games]
            k = game_id % self.games
            if self.deals == "duplicate":
                deal, rotation = divmod(k, num_players)
                yield PlannedGame(game_id, num_players, game_seed(self.seed, num_players, deal),
                                  self.seating(num_players, k), rotation)
            else:
                yield PlannedGame(game_id, num_players, game_seed(self.seed, num_players, k),
                                  self.seating(num_players, k))

    def seating(self, num_players: int, k: int) -> tuple[str, ...]:
        """The agents in seats 0..P-1 of the k-th game with P players (see module docstring)."""
        lineup = self.agents
        return tuple(lineup[(seat + k) % len(lineup)] for seat in range(num_players))

    def batches(self) -> list[Batch]:
        """The run's batches, in part-number order."""
        size, total = self.batch_size, self.total_games
        return [Batch(n, start, min(start + size, total)) for n, start in enumerate(range(0, total, size))]


def game_seed(run_seed: int, num_players: int, k: int) -> int:
    """The seed of the k-th game with P players: independent of batching and workers."""
    digest = hashlib.blake2b(f"{run_seed}:{num_players}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & _SEED_MASK


def parse_int_list(text: str, flag: str) -> tuple[int, ...]:
    """'2,4' -> (2, 4), with an error naming the flag."""
    try:
        return tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise SpecError(f"{flag}: expected comma-separated integers like 2,4, got {text!r}") from None


def parse_name_list(text: str) -> tuple[str, ...]:
    """'random, greedy' -> ('random', 'greedy')."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _as_tuple(value: Any, key: str, where: str) -> tuple[Any, ...]:
    if isinstance(value, (list, tuple)):
        return tuple(value)
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return (value,)
    raise SpecError(f"{where}: key '{key}' must be a list, got {type(value).__name__}")


def _check_spec(spec: RunSpec, where: str) -> None:
    """Type and range checks; each error names the key and what to write instead."""
    checks: list[tuple[str, bool, str]] = [
        ("game", isinstance(spec.game, str) and bool(spec.game), "a game id such as 'caprices'"),
        ("ruleset", isinstance(spec.ruleset, str) and bool(spec.ruleset), "a ruleset name or .toml path"),
        ("players", _all_positive_ints(spec.players), "a non-empty list of player counts such as [2, 4]"),
        ("agents", bool(spec.agents) and all(isinstance(a, str) and a for a in spec.agents),
         "a non-empty list of agent names such as ['random', 'greedy']"),
        ("games", _positive_int(spec.games, MAX_GAMES),
         f"a whole number from 1 to {MAX_GAMES:,} (games per player count)"),
        ("seed", isinstance(spec.seed, int) and not isinstance(spec.seed, bool) and MIN_SEED <= spec.seed <= MAX_SEED,
         "a 64-bit integer"),
        ("batch_size", _positive_int(spec.batch_size, MAX_BATCH_SIZE),
         f"a whole number from 1 to {MAX_BATCH_SIZE:,} (games per part file)"),
        ("run_id", spec.run_id == "" or safe_run_id(spec.run_id), f"a run id of {RUN_ID_RULE}"),
        ("deals", spec.deals in DEALS, " or ".join(repr(d) for d in DEALS)),
    ]
    for key, ok, expected in checks:
        if not ok:
            raise SpecError(f"{where}: key '{key}' is {_shown(getattr(spec, key))}; expected {expected}")
    if spec.deals == "duplicate" and any(spec.games % p for p in spec.players):
        raise SpecError(f"{where}: key 'games' is {spec.games}; duplicate deals play every deal once per seat "
                        f"rotation, so games must be a multiple of every player count {list(spec.players)}")
    if len(set(spec.players)) != len(spec.players):
        raise SpecError(f"{where}: key 'players' repeats a player count: {list(spec.players)}")
    batches = -(-spec.games * len(spec.players) // spec.batch_size)
    if batches > MAX_BATCHES:
        raise SpecError(f"{where}: {batches:,} part files of {spec.batch_size} games; at most {MAX_BATCHES:,} "
                        "per run: raise batch_size")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _positive_int(value: Any, high: int = MAX_GAMES) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= high


def _all_positive_ints(values: Any) -> bool:
    return isinstance(values, tuple) and bool(values) and all(_positive_int(v, 64) for v in values)
