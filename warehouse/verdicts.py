"""Verdicts: every headline cell tilted, fair or undecided, per play strength, with what deciding would take.

`met_verdicts` (one row per headline cell and line-up) reads each headline
metric (seat win rates per ruleset, Caprice and slot hit rates, bonus-tile
values, 4 Gods god win rates and the speed effect) and gives it an
anytime-valid confidence sequence (`simulate.sequential`), so the verdict
stays valid however often a study looked at it while it kept playing
(`balance ask`):

* **tilted** - the sequence excludes the reference and the estimate differs
  from it by at least the minimum that matters (`[flags.min_effect]`);
  `effect_at_least` is the sequence's bound nearest the reference, the
  smallest effect the games support (the estimate of a cell picked for being
  extreme overstates it);
* **fair** - the whole sequence lies within +- the minimum of the reference;
* **undecided** - neither; `games_to_decide` is how many games would decide
  it if the estimate stayed where it is, `minutes_to_decide` what the extra
  games would take at the line-up's measured pace on this machine (the
  runs' manifests: wall seconds per game); `games_if_fair` is what a rate
  cell needs to be called fair when its estimate sits on the reference
  (the design figure, steadier than a noisy estimate's).

One correction family per question, game, ruleset and line-up: each of its
`family_cells` cells gets alpha / family_cells (Bonferroni, valid under any
stopping rule). Rates use the beta-binomial mixture (prior centred on the
reference; a reference that is itself estimated, the pooled face-down hit
rate, is taken as given); tile values the asymptotic normal mixture with the
standard deviation read from the fixed-n interval. A seat of a line-up the
lake holds duplicate deals of (`balance ask` with `deals = "duplicate"`) is
read as `balance ask` reads it: one observation per deal (and per independent
game) through the betting sequence (`simulate.seat_observations`).

`shrunk_estimate` is each cell's estimate shrunk toward its reference over
its family (empirical Bayes, `warehouse.shrinkage`): the size a report
prints for a tilted cell, since the cell that stands out among many is partly
luck.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import duckdb
import pandas as pd

from lake.catalogue import LakeCatalogue
from lake.manifest import in_study
from simulate import sequential
from simulate.seat_observations import SeatObservations, SeatReader
from warehouse.clustered import KEY as CLUSTER_KEY
from warehouse.clustered import Clustered, cluster_cells
from warehouse.findings import SOURCES, Z, rulesets_of
from warehouse.flags import read_rules
from warehouse.shrinkage import rate_standard_error, shrunk_estimates
from warehouse.writeback import schema

# finding -> its minimum effect's name in [flags.min_effect]
MIN_EFFECT = {"seat_win_rate": "seat_win_rate", "caprice_hit_rate": "caprice_hit_rate",
              "caprice_slot_hit_rate": "slot_hit_rate", "tile_value": "tile_value_observed",
              "god_win_rate": "god_win_rate", "speed_effect": "speed_win_rate"}
MEANS = {"tile_value"}  # findings in points (normal mixture); the others are rates (beta-binomial mixture)

# seat win rates per ruleset (a game's rulesets are different games to a designer)
SEATS_SQL = """
    select game, ruleset, agent_mix, num_players, cast(seat + 1 as varchar) as item,
           sum(win_share) / count(*) as estimate, count(*) as n, 1.0 / num_players as reference
    from fct_player_games
    where source = 'simulated' and not is_mixed_lineup and in_study
    group by game, ruleset, agent_mix, num_players, seat"""

COLUMNS = ["game", "finding", "ruleset", "num_players", "item", "agent_mix", "n", "games", "estimate", "reference",
           "min_effect", "family_cells", "alpha_cell", "cs_lo", "cs_hi", "verdict", "effect_at_least",
           "games_to_decide", "more_games", "games_if_fair", "seconds_per_game", "minutes_to_decide", "method",
           "standard_error", "shrunk_estimate"]


def verdicts_model(con: duckdb.DuckDBPyConnection, catalogue: LakeCatalogue | None = None) -> pd.DataFrame:
    """`met_verdicts`: one row per headline cell and line-up, its confidence sequence and verdict."""
    cells = headline_cells(con)
    if cells.empty:
        return pd.DataFrame(columns=COLUMNS)
    rules = read_rules(con)
    family = ["finding", "game", "ruleset", "agent_mix"]
    cells["family_cells"] = cells.groupby(family, dropna=False)["item"].transform("size")
    cells["alpha_cell"] = rules.alpha / cells.family_cells
    cells["min_effect"] = [rules.min_effect.get(MIN_EFFECT[f], 0.0) for f in cells.finding]
    pace = seconds_per_game(catalogue) if catalogue is not None else {}
    seats = duplicate_seats(catalogue) if catalogue is not None else {}
    clustered = cluster_cells(con, duplicate_runs(catalogue) if catalogue is not None else set())
    rows = [_verdict_row(cell, pace, seats, clustered) for cell in cells.itertuples(index=False)]
    frame = pd.DataFrame(rows, columns=COLUMNS)
    frame["shrunk_estimate"] = shrunk_estimates(frame, family)
    return frame.astype({"num_players": "int32", "n": "int64", "family_cells": "int64"})


def headline_cells(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Every headline cell and uniform line-up: game, finding, ruleset, players, item, line-up, estimate, n ..."""
    present = {row[0] for row in con.execute("select table_name from information_schema.tables").fetchall()}
    frames = []
    if "fct_player_games" in present:
        frames.append(con.execute(SEATS_SQL).df().assign(finding="seat_win_rate", lo=math.nan, hi=math.nan))
    for finding, (table, sql) in SOURCES.items():
        if finding != "seat_win_rate" and table in present:
            frame = con.execute(sql).df()
            frames.append(frame.assign(finding=finding, ruleset=rulesets_of(con, frame, finding)))
    frames = [frame for frame in frames if not frame.empty]
    if not frames:
        return pd.DataFrame()
    cells = pd.concat(frames, ignore_index=True)
    return cells[cells.n > 0].sort_values(["game", "finding", "ruleset", "agent_mix", "num_players", "item"],
                                          ignore_index=True)


def _verdict_row(cell: Any, pace: dict[tuple[str, str, str, int], float],
                 seats: dict[tuple[str, str, str], SeatObservations],
                 clustered: dict[tuple, Clustered]) -> dict[str, Any]:
    """The cell's sequence, verdict, the smallest supported effect and what deciding would take."""
    alpha, minimum, reference = float(cell.alpha_cell), float(cell.min_effect), float(cell.reference)
    estimate, n, games = float(cell.estimate), float(cell.n), int(cell.n)
    clusters = clustered.get(tuple(getattr(cell, key) for key in CLUSTER_KEY))
    if_fair = None if cell.finding in MEANS else _games_if_fair(reference, minimum, alpha)
    if clusters is not None:  # a rate over player-games or duplicate deals: the clusters' sequence
        lo, hi = clusters.sequence(alpha)
        needed, games = clusters.games_to_decide(reference, minimum, alpha), clusters.games
        if_fair = clusters.games_to_decide(reference, minimum, alpha, if_fair=True)
        method, standard_error = "normal mixture over games (clustered)", clusters.cluster_sd() / math.sqrt(
            clusters.clusters)
    elif cell.finding in MEANS:
        sd = (float(cell.hi) - float(cell.lo)) / (2 * Z) * math.sqrt(n)
        lo, hi = sequential.mean_sequence(estimate, sd, n, alpha)
        needed = sequential.mean_games_to_decide(estimate, sd, n, reference, minimum, alpha)
        method, standard_error = "normal mixture (asymptotic)", sd / math.sqrt(n)
    else:
        lo, hi = sequential.rate_sequence(estimate * n, n, reference, alpha)
        needed = sequential.games_to_decide(estimate, n, reference, minimum, alpha)
        method, standard_error = "beta-binomial mixture", rate_standard_error(estimate, n)
    verdict = sequential.interval_verdict(estimate, lo, hi, reference, minimum)
    deals = seats.get((cell.game, cell.ruleset, cell.agent_mix)) if cell.finding == "seat_win_rate" else None
    if deals is not None:
        streams = deals.streams((int(cell.num_players), int(cell.item) - 1))
        lo, hi = sequential.streams_sequence(streams, alpha)
        verdict = sequential.streams_verdict(streams, reference, minimum, alpha)
        method = "betting sequence over duplicate deals"
        needed = deals.games_to_decide((int(cell.num_players), int(cell.item) - 1), reference, minimum, alpha)
    seconds = pace.get((cell.game, cell.ruleset, cell.agent_mix, int(cell.num_players)))
    more = None if needed is None else max(needed - games, 0)
    return {**{k: getattr(cell, k) for k in ("game", "finding", "ruleset", "num_players", "item", "agent_mix")},
            "n": int(n), "games": games, "estimate": estimate, "reference": reference, "min_effect": minimum,
            "family_cells": int(cell.family_cells), "alpha_cell": alpha, "cs_lo": lo, "cs_hi": hi,
            "verdict": verdict, "effect_at_least": _at_least(verdict, lo, hi, reference),
            "games_to_decide": None if verdict != sequential.UNDECIDED else needed,
            "more_games": None if verdict != sequential.UNDECIDED else more,
            "games_if_fair": if_fair,
            "seconds_per_game": seconds,
            "minutes_to_decide": (None if verdict != sequential.UNDECIDED or more is None or seconds is None
                                  else more * seconds / 60),
            "method": method, "standard_error": standard_error, "shrunk_estimate": math.nan}


@functools.lru_cache(maxsize=256)
def _games_if_fair(reference: float, minimum: float, alpha: float) -> int | None:
    """Games a rate cell needs to be called fair when its estimate sits on the reference (the design figure)."""
    return sequential.games_to_decide(reference, 1, reference, minimum, alpha)


def _at_least(verdict: str, lo: float, hi: float, reference: float) -> float | None:
    """A tilted cell's smallest supported effect: the sequence's bound nearest the reference, minus it."""
    if verdict != sequential.TILTED:
        return None
    return lo - reference if lo > reference else hi - reference


def duplicate_runs(catalogue: LakeCatalogue) -> set[str]:
    """The run ids of every complete run played as duplicate deals (a deal's games are one cluster)."""
    return {run.run_id for run in catalogue.complete_runs()
            if ((run.manifest or {}).get("spec") or {}).get("deals") == "duplicate"}


def duplicate_seats(catalogue: LakeCatalogue) -> dict[tuple[str, str, str], SeatObservations]:
    """(game, ruleset, uniform line-up) -> its seat observations, for every line-up played as duplicate deals."""
    keys = {_play_key(run.manifest or {}) for run in catalogue.complete_runs()
            if ((run.manifest or {}).get("spec") or {}).get("deals") == "duplicate"}
    reader = SeatReader(catalogue.store)
    return {key: reader.read(catalogue, functools.partial(_plays, key=key)) for key in keys if key is not None}


def _plays(manifest: dict[str, Any], key: tuple[str, str, str]) -> bool:
    return _play_key(manifest) == key


def _play_key(manifest: dict[str, Any]) -> tuple[str, str, str] | None:
    """A simulated study run's (game, ruleset, agent) when one agent holds every seat, else None."""
    agents = set((manifest.get("spec") or {}).get("agents") or ())
    arm = ((manifest.get("extra") or {}).get("experiment") or {}).get("role")
    if len(agents) != 1 or manifest.get("kind", "simulated") != "simulated" or arm is not None:
        return None
    return str(manifest.get("game")), str((manifest.get("ruleset") or {}).get("name")), agents.pop()


def seconds_per_game(catalogue: LakeCatalogue) -> dict[tuple[str, str, str, int], float]:
    """(game, ruleset, uniform line-up, players) -> wall seconds per game the study's runs took (this machine).

    Per player count, since a game's strong agent may differ by count (4 Gods: the shortlist at 2 players,
    the reference search at 3-4, twenty times dearer): a count's pace is that of the runs of that count alone
    when there are any, else of the runs that mix it with others. Players 0 (a cell pooled over counts, such
    as a Caprice's hit rate) is the pace over every run. A what-if arm is left out like everywhere in the
    study's figures: its pace must not move the study's "minutes to decide"."""
    alone: dict[tuple[str, str, str, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    mixed: dict[tuple[str, str, str, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for run in catalogue.complete_runs():
        manifest = run.manifest or {}
        spec, timings = manifest.get("spec") or {}, manifest.get("timings") or {}
        listed = spec.get("players") or ()  # a list, or one count in a hand-written spec
        agents, counts = set(spec.get("agents") or ()), [int(p) for p in ([listed] if isinstance(listed, int)
                                                                         else listed)]
        played = timings.get("games_played_now") or 0
        if len(agents) == 1 and played and manifest.get("kind", "simulated") == "simulated" and in_study(manifest):
            play = (str(manifest.get("game")), str((manifest.get("ruleset") or {}).get("name")), agents.pop())
            for count, spent in [(0, alone)] + [(p, alone if len(counts) == 1 else mixed) for p in counts]:
                spent[(*play, count)][0] += float(timings.get("seconds", 0.0))
                spent[(*play, count)][1] += float(played)
    pace = {key: seconds / games for key, (seconds, games) in mixed.items() if games}
    pace.update({key: seconds / games for key, (seconds, games) in alone.items() if games})
    return pace


PYTHON_MODELS: dict[str, tuple[Callable[[duckdb.DuckDBPyConnection, Any], pd.DataFrame], str, str]] = {
    "met_verdicts": (verdicts_model, "met_findings_by_lineup",
                     "one row per headline finding cell and line-up, with its verdict"),
}

# name -> key (as in a model's `-- key:` header)
PYTHON_KEYS = {"met_verdicts": "game, finding, ruleset, num_players, item, agent_mix"}

# name -> the columns it writes, with their types (warehouse.writeback)
PYTHON_SCHEMAS = {"met_verdicts": schema(
    "game string, finding string, ruleset string, num_players int32, item string, agent_mix string, n int64, "
    "games int64, "
    "estimate double, reference double, min_effect double, family_cells int64, alpha_cell double, cs_lo double, "
    "cs_hi double, verdict string, effect_at_least double, games_to_decide int64, more_games int64, "
    "games_if_fair int64, seconds_per_game double, minutes_to_decide double, method string, "
    "standard_error double, shrunk_estimate double")}
