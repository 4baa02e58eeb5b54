"""Play until decided: batches of games at one play strength until every seat cell asked about is decided.

An ask names a game, ruleset, player counts and a uniform line-up (`agents`,
by default the study's strong agent for the game) and asks "is every seat
fair?". Round r plays `batch` games at each player count still undecided as
an ordinary run (seed derived from the ask's seed and r, manifest tagged
`ask`), then reads every complete run of that line-up in the lake and gives
each seat its verdict from an anytime-valid confidence sequence
(`simulate.sequential`, alpha spent over the family's seat cells), so looking
after every round costs no validity. It stops when every asked cell is
decided, when no undecided cell would be decided within the games left
(`within_reach`: each round plays only the player counts where one would),
or when `max_games` per player count (or `max_minutes` of this invocation)
is spent.

The lake stays append-only and the ask resumes like any run: round r counts
only the games the lake held before it (this ask's rounds from r on are left
out), so re-running the same ask replays the same decisions, skips the rounds
already complete and goes on where it stopped.

With `deals = "duplicate"` each round plays whole duplicate deals (each deal
once per seat rotation, `engine.core.duplicate`), one run per player count,
and a seat's verdict reads the deals' means (and any independent games of
the line-up) through the betting sequence, which narrows with their smaller
variance (`simulate.seat_observations`, docs/verdicts.md).
"""

from __future__ import annotations

import functools
import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.registry import get_game
from lake.catalogue import catalogue
from lake.manifest import in_study
from lake.spec import DEALS, RunSpec, SpecError
from lake.store import Store, open_store
from simulate import sequential
from simulate.runner import run
from simulate.seat_observations import SeatObservations, SeatReader

SeatCounts = dict[tuple[int, int], tuple[float, int]]  # (players, seat from 0) -> (wins summed, games)
OUT_OF_REACH = "out of reach: no undecided seat would be decided within the games left"


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
    deals: str = "independent"  # or "duplicate": every deal played once per seat rotation

    def __post_init__(self) -> None:
        if self.deals not in DEALS:
            raise SpecError(f"ask {self.game}: key 'deals' is {self.deals!r}; expected one of {list(DEALS)}")

    @property
    def name(self) -> str:
        """Stable across re-runs: what the ask is, not its budget."""
        base = f"{self.game}/{self.ruleset}/{self.agent}/{','.join(map(str, self.players))}/{self.seed}"
        return base if self.deals == "independent" else f"{base}/duplicate"

    def round_specs(self, number: int, players: tuple[int, ...]) -> list[RunSpec]:
        """Round `number`'s runs: one for every player count, or (duplicate deals) one per player count,
        each of whole deals (`batch` rounded up to a multiple of the count)."""
        if self.deals == "independent":
            return [RunSpec(self.game, self.ruleset, players, (self.agent,), self.batch,
                            seed=self._seed(f"ask:{self.name}:{number}"), batch_size=self.batch_size)]
        return [RunSpec(self.game, self.ruleset, (p,), (self.agent,), math.ceil(self.batch / p) * p,
                        seed=self._seed(f"ask:{self.name}:{number}:{p}"), batch_size=self.batch_size,
                        deals="duplicate") for p in players]

    @staticmethod
    def _seed(text: str) -> int:
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


@dataclass
class AskResult:
    """Where an ask stopped: the verdict of every seat it asked about and why it stopped."""

    verdicts: dict[tuple[int, int], str]
    counts: SeatCounts
    rounds: int
    games_added: dict[int, int]
    stopped: str  # "decided", OUT_OF_REACH, "games budget", "time budget"
    family_cells: int = 0
    log: list[str] = field(default_factory=list)
    seen: SeatObservations = field(default_factory=SeatObservations)

    @property
    def undecided_players(self) -> tuple[int, ...]:
        return tuple(sorted({p for (p, _), v in self.verdicts.items() if v == sequential.UNDECIDED}))


def play_until_decided(ask: Ask, lake: str | Path | Store, workers: int | None = None,
                       progress: Callable[[str], None] = print) -> AskResult:
    """Play rounds of `ask` into `lake` until its seats are decided or its budget is spent."""
    store = open_store(lake)
    ruleset = get_game(ask.game).load_ruleset(ask.ruleset).name
    started, added, number = time.perf_counter(), dict.fromkeys(ask.players, 0), 0
    reader = SeatReader(store)
    while True:
        seen = reader.read(catalogue(store), functools.partial(_counted, ask=ask, ruleset=ruleset, before_round=number))
        verdicts, cells = seat_verdicts(seen, ask)
        undecided = tuple(p for p in ask.players if any(verdicts[(p, s)] == sequential.UNDECIDED for s in range(p)))
        todo = within_reach(seen, verdicts, ask, ask.alpha / cells, added)
        stopped = _stop(ask, undecided, todo, added, started)
        if stopped:
            return AskResult(verdicts, seen.counts(), number, added, stopped, cells, seen=seen)
        played = {}
        for spec in ask.round_specs(number, todo):
            run(spec, store, workers=workers, resume=True, progress=False, extra={"ask": {"name": ask.name,
                                                                                          "round": number}})
            played.update(dict.fromkeys(spec.players, spec.games))
        for p, games in played.items():
            added[p] += games
        number += 1
        games_words = ", ".join(f"{games} at {p}" for p, games in played.items())
        progress(f"ask {ask.name} round {number}: played {games_words} players; "
                 f"{sum(v != sequential.UNDECIDED for v in verdicts.values())} of {len(verdicts)} seats decided "
                 "before it")


def _stop(ask: Ask, undecided: tuple[int, ...], todo: tuple[int, ...], added: dict[int, int], started: float
          ) -> str:
    if not undecided:
        return "decided"
    if all(added[p] + ask.batch > ask.max_games for p in undecided):
        return "games budget"
    if not todo:
        return OUT_OF_REACH
    if time.perf_counter() - started >= ask.max_minutes * 60:
        return "time budget"
    return ""


def within_reach(seen: SeatObservations, verdicts: dict[tuple[int, int], str], ask: Ask, alpha: float,
                 added: dict[int, int]) -> tuple[int, ...]:
    """The player counts worth another round: an undecided seat there could be decided within the games the
    budget has left for that count, if its estimate held or, while the estimate is within the minimum of the
    fair share, if the seat were exactly fair (an early estimate is noisy: a fair seat must not be given up
    on because its first games strayed). A seat with under one batch of games is always worth one.

    The rest would spend the budget without deciding anything, so the study's minutes go where they can
    decide; such a seat is still reported with what it would take. It reads only the lake, like the
    verdicts, so a re-run makes the same choice.
    """
    reach = []
    for players in ask.players:
        undecided = [(players, s) for s in range(players) if verdicts[(players, s)] == sequential.UNDECIDED]
        if any(_could_decide(seen, cell, ask, alpha, ask.max_games - added[players]) for cell in undecided):
            reach.append(players)
    return tuple(reach)


def _could_decide(seen: SeatObservations, cell: tuple[int, int], ask: Ask, alpha: float, left: int) -> bool:
    wins, games = seen.counts().get(cell, (0.0, 0))
    if games < ask.batch:
        return True
    projections = [games_to_decide(seen, cell, ask, alpha)]
    if abs(wins / games - 1 / cell[0]) < ask.min_effect:  # near fair: also judged as if exactly fair
        projections.append(games_to_decide(seen, cell, ask, alpha, if_fair=True))
    return any(needed is not None and needed - games <= left for needed in projections)


def games_to_decide(seen: SeatObservations, cell: tuple[int, int], ask: Ask, alpha: float,
                    if_fair: bool = False) -> int | None:
    """Games that would decide the seat if it goes on as it went (`if_fair`: if it were exactly fair), by the
    sequence its verdict reads."""
    reference = 1 / cell[0]
    if seen.duplicate:
        return seen.games_to_decide(cell, reference, ask.min_effect, alpha, if_fair)
    wins, games = seen.counts().get(cell, (0.0, 0))
    rate = reference if if_fair else wins / games if games else float("nan")
    return sequential.games_to_decide(rate, games, reference, ask.min_effect, alpha)


def seat_verdicts(seen: SeatObservations, ask: Ask) -> tuple[dict[tuple[int, int], str], int]:
    """Each asked seat's verdict; alpha is spent over every seat cell of the line-up (the family).

    Independent games alone: the beta-binomial mixture on wins and games. Once the line-up has duplicate
    deals: the betting sequence over its independent games and its deals (a deal's mean counts once), two
    streams in play order.
    """
    counts = seen.counts()
    counted = {p for p, _ in counts} | set(ask.players)
    cells = [(p, s) for p in sorted(counted) for s in range(p)]
    alpha = ask.alpha / len(cells)
    if seen.duplicate:
        found = [sequential.streams_verdict(seen.streams(c), 1 / c[0], ask.min_effect, alpha) for c in cells]
    else:
        wins = np.array([counts.get(c, (0.0, 0))[0] for c in cells])
        games = np.array([counts.get(c, (0.0, 0))[1] for c in cells])
        reference = np.array([1 / p for p, _ in cells])
        found = list(sequential.rate_verdict(wins, games, reference, ask.min_effect, alpha))
    return {c: str(v) for c, v in zip(cells, found, strict=True) if c[0] in ask.players}, len(cells)


def _counted(manifest: dict[str, Any], ask: Ask, ruleset: str, before_round: int) -> bool:
    """A run of the ask's play that round `before_round` may read (the ask's own later rounds left out)."""
    return _same_play(manifest, ask, ruleset) and not _later_round(manifest, ask, before_round)


def _same_play(manifest: dict[str, Any], ask: Ask, ruleset: str) -> bool:
    """A simulated run of the ask's game and ruleset, every seat the ask's agent, that counts in the study's
    tables (no what-if arm, not even a baseline arm unless its experiment pools it: `lake.manifest.in_study`),
    so the ask decides on the games the report's verdicts read."""
    spec = manifest.get("spec") or {}
    return (manifest.get("kind", "simulated") == "simulated" and manifest.get("game") == ask.game
            and (manifest.get("ruleset") or {}).get("name") == ruleset and set(spec.get("agents") or ()) == {ask.agent}
            and in_study(manifest))


def _later_round(manifest: dict[str, Any], ask: Ask, before_round: int) -> bool:
    tag = (manifest.get("extra") or {}).get("ask") or {}
    return tag.get("name") == ask.name and int(tag.get("round", 0)) >= before_round
