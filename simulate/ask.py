"""Play until decided: batches of games at one play strength until every seat cell asked about is decided.

An ask names a game, ruleset, player counts and a uniform line-up (`agents`,
by default the study's strong agent for the game) and asks "is every seat
fair?". Round r plays `batch` games at each player count still undecided as
an ordinary run (seed derived from the ask's seed and r, manifest tagged
`ask`), then reads every complete run of that line-up in the lake and gives
each seat its verdict from an anytime-valid confidence sequence
(`simulate.sequential`, alpha spent over the family's seat cells), so looking
after every round costs no validity. It stops when every asked cell is
decided, or when `max_games` per player count (or `max_minutes` of this
invocation) is spent.

The lake stays append-only and the ask resumes like any run: round r counts
only the games the lake held before it (this ask's rounds from r on are left
out), so re-running the same ask replays the same decisions, skips the rounds
already complete and goes on where it stopped.
"""

from __future__ import annotations

import hashlib
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq

from engine.registry import get_game
from lake.catalogue import LakeCatalogue, catalogue
from lake.spec import RunSpec
from lake.store import Store, open_store
from simulate import sequential
from simulate.runner import run

SeatCounts = dict[tuple[int, int], tuple[float, int]]  # (players, seat from 0) -> (wins summed, games)


@dataclass(frozen=True)
class Ask:
    """One question to play until decided (a study's `[[ask]]` entry or `balance ask`)."""

    game: str
    ruleset: str
    players: tuple[int, ...]
    agent: str
    batch: int = 40  # games per player count per round
    max_games: int = 400  # games per player count this ask may add
    max_minutes: float = 10.0
    seed: int = 0
    batch_size: int = 10
    min_effect: float = 0.02
    alpha: float = 0.05

    @property
    def name(self) -> str:
        """Stable across re-runs: what the ask is, not its budget."""
        return f"{self.game}/{self.ruleset}/{self.agent}/{','.join(map(str, self.players))}/{self.seed}"

    def round_spec(self, number: int, players: tuple[int, ...]) -> RunSpec:
        digest = hashlib.blake2b(f"ask:{self.name}:{number}".encode(), digest_size=8).digest()
        return RunSpec(self.game, self.ruleset, players, (self.agent,), self.batch,
                       seed=int.from_bytes(digest, "big") >> 1, batch_size=self.batch_size)


@dataclass
class AskResult:
    """Where an ask stopped: the verdict of every seat it asked about and why it stopped."""

    verdicts: dict[tuple[int, int], str]
    counts: SeatCounts
    rounds: int
    games_added: dict[int, int]
    stopped: str  # "decided", "games budget", "time budget"
    family_cells: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def undecided_players(self) -> tuple[int, ...]:
        return tuple(sorted({p for (p, _), v in self.verdicts.items() if v == sequential.UNDECIDED}))


def play_until_decided(ask: Ask, lake: str | Path | Store, workers: int | None = None,
                       progress: Callable[[str], None] = print) -> AskResult:
    """Play rounds of `ask` into `lake` until its seats are decided or its budget is spent."""
    store = open_store(lake)
    ruleset = get_game(ask.game).load_ruleset(ask.ruleset).name
    started, added, number = time.perf_counter(), dict.fromkeys(ask.players, 0), 0
    reader = _SeatReader(store)
    while True:
        counts = reader.counts(catalogue(store), ask, ruleset, before_round=number)
        verdicts, cells = seat_verdicts(counts, ask)
        todo = tuple(p for p in ask.players if any(verdicts[(p, s)] == sequential.UNDECIDED for s in range(p)))
        stopped = _stop(ask, todo, added, started)
        if stopped:
            return AskResult(verdicts, counts, number, added, stopped, cells)
        spec = ask.round_spec(number, todo)
        run(spec, store, workers=workers, resume=True, progress=False, extra={"ask": {"name": ask.name,
                                                                                      "round": number}})
        for p in todo:
            added[p] += ask.batch
        number += 1
        progress(f"ask {ask.name} round {number}: played {ask.batch} games at {list(todo)} players; "
                 f"{sum(v != sequential.UNDECIDED for v in verdicts.values())} of {len(verdicts)} seats decided "
                 "before it")


def _stop(ask: Ask, todo: tuple[int, ...], added: dict[int, int], started: float) -> str:
    if not todo:
        return "decided"
    if all(added[p] + ask.batch > ask.max_games for p in todo):
        return "games budget"
    if time.perf_counter() - started >= ask.max_minutes * 60:
        return "time budget"
    return ""


def seat_verdicts(counts: SeatCounts, ask: Ask) -> tuple[dict[tuple[int, int], str], int]:
    """Each asked seat's verdict; alpha is spent over every seat cell of the line-up (the family)."""
    counted = {p for p, _ in counts} | set(ask.players)
    cells = [(p, s) for p in sorted(counted) for s in range(p)]
    wins = np.array([counts.get(c, (0.0, 0))[0] for c in cells])
    games = np.array([counts.get(c, (0.0, 0))[1] for c in cells])
    reference = np.array([1 / p for p, _ in cells])
    found = sequential.rate_verdict(wins, games, reference, ask.min_effect, ask.alpha / len(cells))
    return {c: str(v) for c, v in zip(cells, found, strict=True) if c[0] in ask.players}, len(cells)


class _SeatReader:
    """Seat results of complete runs, read once per run (a complete run never changes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.by_run: dict[str, SeatCounts] = {}

    def counts(self, cat: LakeCatalogue, ask: Ask, ruleset: str, before_round: int) -> SeatCounts:
        """Wins and games per (players, seat) of every complete run of the ask's line-up, rounds >= r left out."""
        total: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0])
        for found in cat.complete_runs():
            manifest = found.manifest or {}
            if not _same_play(manifest, ask, ruleset) or _later_round(manifest, ask, before_round):
                continue
            if found.run_id not in self.by_run:
                self.by_run[found.run_id] = self._read(found.files, manifest["spec"])
            for cell, (wins, games) in self.by_run[found.run_id].items():
                total[cell][0] += wins
                total[cell][1] += games
        return {cell: (wins, int(games)) for cell, (wins, games) in total.items()}

    def _read(self, files: tuple[str, ...], spec: dict[str, Any]) -> SeatCounts:
        per_count, players = int(spec["games"]), list(spec["players"])
        cells: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0])
        for key in files:
            table = pq.read_table(self.store.uri(key), columns=["game_id", "event_type", "player", "win_share"],
                                  filters=[("event_type", "=", "player_scored")])
            for game_id, seat, share in zip(*(table[c].to_pylist() for c in ("game_id", "player", "win_share")),
                                            strict=True):
                cell = (players[int(game_id) // per_count], int(seat))
                cells[cell][0] += float(share)
                cells[cell][1] += 1
        return {cell: (wins, int(games)) for cell, (wins, games) in cells.items()}


def _same_play(manifest: dict[str, Any], ask: Ask, ruleset: str) -> bool:
    """A simulated run of the ask's game and ruleset (no what-if variant arm), every seat the ask's agent."""
    spec = manifest.get("spec") or {}
    return (manifest.get("kind", "simulated") == "simulated" and manifest.get("game") == ask.game
            and (manifest.get("ruleset") or {}).get("name") == ruleset and set(spec.get("agents") or ()) == {ask.agent}
            and ((manifest.get("extra") or {}).get("experiment") or {}).get("role") != "variant")


def _later_round(manifest: dict[str, Any], ask: Ask, before_round: int) -> bool:
    tag = (manifest.get("extra") or {}).get("ask") or {}
    return tag.get("name") == ask.name and int(tag.get("round", 0)) >= before_round
