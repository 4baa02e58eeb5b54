"""A line-up's seat results in the lake as the observations a confidence sequence reads, in play order.

An independent game is one observation per seat: its win share (half a win for
a tie of two). A duplicate deal (`engine.core.duplicate`, a run with
`deals = "duplicate"`) is one observation per seat too: the seat's mean win
share over the deal's P rotations. Both lie in [0, 1] and have the seat's win
rate as their mean (every rotation of a random deal is itself a random deal),
so one sequence may read them together; the games of one deal are dependent
and are never counted as separate observations. The sequence reads the two
kinds as two streams, each betting with its own variance
(`simulate.sequential.streams_log_capital`): a deal's spread is much smaller
than a game's, and a line-up's independent games (the study's fixed runs)
would otherwise hold back the bets on the deals its ask plays.

The order is fixed by when the runs were made (manifest `created_at`, then run
id) and the game ids inside a run, never by their outcomes, as the betting
sequence (`simulate.sequential.betting_verdict`) requires. `balance ask` and
`warehouse.verdicts` read seats through here, so both give one verdict.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow.parquet as pq

from lake.catalogue import CatalogedRun, LakeCatalogue
from lake.store import Store
from simulate import sequential

Cell = tuple[int, int]  # (players, seat from 0)


@dataclass
class SeatObservations:
    """Per seat cell: the observations in play order, the games behind them, and whether any is a deal."""

    values: dict[Cell, list[float]] = field(default_factory=lambda: defaultdict(list))
    is_deal: dict[Cell, list[bool]] = field(default_factory=lambda: defaultdict(list))  # per observation
    games: dict[Cell, int] = field(default_factory=lambda: defaultdict(int))
    wins: dict[Cell, float] = field(default_factory=lambda: defaultdict(float))
    duplicate: bool = False

    def add(self, other: SeatObservations) -> None:
        for cell, values in other.values.items():
            self.values[cell].extend(values)
            self.is_deal[cell].extend(other.is_deal.get(cell) or [other.duplicate] * len(values))
            self.games[cell] += other.games[cell]
            self.wins[cell] += other.wins[cell]
        self.duplicate = self.duplicate or other.duplicate

    def streams(self, cell: Cell, if_fair: bool = False) -> tuple[sequential.Stream, sequential.Stream]:
        """(independent games, duplicate deals) of the cell, each in play order with the tuning of its bets
        (`if_fair`: both moved to the fair share, keeping their spread, as if the seat were exactly fair)."""
        values = np.asarray(self.values.get(cell, []), dtype=float)
        deal = np.asarray(self.is_deal.get(cell) or [self.duplicate] * values.size, dtype=bool)
        if if_fair and values.size:
            values = np.clip(values - values.mean() + 1 / cell[0], 0.0, 1.0)
        return (values[~deal], sequential.TUNED_FOR), (values[deal], sequential.TUNED_FOR // cell[0])

    def games_to_decide(self, cell: Cell, reference: float, min_effect: float, alpha: float,
                        if_fair: bool = False) -> int | None:
        """Games that would decide the cell by the betting sequence if more deals go as its deals went (its
        independent games as they are; with no deal yet, if more games go as they went)."""
        singles, deals = self.streams(cell, if_fair)
        if not np.asarray(deals[0]).size:
            return sequential.streams_games_to_decide([], singles, 1, 0, reference, min_effect, alpha)
        singles_count = np.asarray(singles[0]).size
        per_deal = (self.games.get(cell, 0) - singles_count) / np.asarray(deals[0]).size
        return sequential.streams_games_to_decide([singles], deals, per_deal, singles_count, reference, min_effect,
                                                  alpha)

    def counts(self) -> dict[Cell, tuple[float, int]]:
        """(wins summed over games, games) per cell."""
        return {cell: (self.wins[cell], self.games[cell]) for cell in self.values}


class SeatReader:
    """Seat observations of complete runs, each run read once (a complete run never changes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.by_run: dict[str, SeatObservations] = {}

    def read(self, catalogue: LakeCatalogue, keep: Callable[[dict[str, Any]], bool]) -> SeatObservations:
        """Every complete run whose manifest `keep` accepts, in play order."""
        total = SeatObservations()
        for found in sorted(catalogue.complete_runs(), key=_play_order):
            manifest = found.manifest or {}
            if not keep(manifest):
                continue
            if found.run_id not in self.by_run:
                self.by_run[found.run_id] = self._read(found.files, manifest["spec"])
            total.add(self.by_run[found.run_id])
        return total

    def _read(self, files: tuple[str, ...], spec: dict[str, Any]) -> SeatObservations:
        per_count, players = int(spec["games"]), list(spec["players"])
        duplicate = spec.get("deals") == "duplicate"
        shares: dict[tuple[int, int], dict[int, float]] = defaultdict(dict)  # (players, game id) -> seat -> share
        for key in files:
            table = pq.read_table(self.store.uri(key), columns=["game_id", "event_type", "player", "win_share"],
                                  filters=[("event_type", "=", "player_scored")])
            for game_id, seat, share in zip(*(table[c].to_pylist() for c in ("game_id", "player", "win_share")),
                                            strict=True):
                shares[(players[int(game_id) // per_count], int(game_id))][int(seat)] = float(share)
        found = SeatObservations(duplicate=duplicate)
        by_unit: dict[tuple[int, int], list[dict[int, float]]] = defaultdict(list)
        for (count, game_id), seats in sorted(shares.items(), key=lambda item: item[0][1]):
            unit = (game_id % per_count) // count if duplicate else game_id % per_count
            by_unit[(count, unit)].append(seats)
        for (count, _), games in by_unit.items():
            for seat in range(count):
                won = [g.get(seat, 0.0) for g in games]
                found.values[(count, seat)].append(float(np.mean(won)))
                found.is_deal[(count, seat)].append(duplicate)
                found.games[(count, seat)] += len(games)
                found.wins[(count, seat)] += float(np.sum(won))
        return found


def _play_order(run: CatalogedRun) -> tuple[str, str]:
    return str((run.manifest or {}).get("created_at", "")), run.run_id
