"""The toolkit from Python: what the command line does, as functions a notebook or a script calls.

    from balance import api
    run = api.simulate("caprices", games=200, players=4, agents=["random", "greedy"], lake="data/lake")
    assert api.verify("data/lake").ok
    api.build("data/lake", "data/warehouse.duckdb")
    con = api.connect("data/warehouse.duckdb", lake="data/lake")   # + a view `events_<game>` per game
    con.execute("select seat, avg(won::int) from fct_player_games group by seat").df()
    api.report("data/warehouse.duckdb", "reports/html")
    game = api.show("data/lake", run.run_id, 0)                    # then show.transcript / show.draw

Defaults are the command line's (lake `data/lake`, warehouse `data/warehouse.duckdb`, reports
`reports/html/`); errors are the same named exceptions (`engine.core.errors.BalanceError` and its kinds) the
command line turns into one-line messages. Progress lines are off unless asked for; the functions log to
`logging.getLogger("balance")`. docs/api.md documents each function with a runnable example.

This module sits in the `balance` layer (it needs the simulator, the warehouse, the reports and `show`);
the starter notebook `notebooks/explore.py` imports it, the report's own notebooks never do (the report
layer executes them).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import duckdb

from balance.commands.simulate import spec_with_defaults
from lake.catalogue import catalogue
from lake.layout import DEFAULT_LAKE
from lake.manifest import Manifest
from lake.store import Store
from lake.verify import VerifyReport
from lake.verify import verify as verify_lake
from reports import DEFAULT_OUT
from reports.render import build_reports
from show.source import ShownGame, from_lake
from simulate.runner import run as run_spec
from warehouse import DEFAULT_WAREHOUSE
from warehouse.build import BuildResult
from warehouse.build import build as build_warehouse
from warehouse.query import connect as connect_duckdb

__all__ = ["build", "connect", "report", "show", "simulate", "verify"]

Lake = str | Path | Store


def simulate(game: str, games: int, *, players: int | Sequence[int] | None = None,
             agents: Sequence[str] | None = None, seed: int = 0, ruleset: str | None = None,
             lake: Lake = DEFAULT_LAKE, workers: int | None = 1, batch_size: int | None = None,
             progress: bool = False) -> Manifest:
    """Play `games` games per player count into the lake (resuming a run already begun) and return its manifest.

    `players` is one count or several (default: every count the game allows), `agents` the line-up cycled
    over the seats and rotated per game (default: random). The same arguments give the same run id, so a
    second call plays nothing and returns the stored manifest.
    """
    counts = (players,) if isinstance(players, int) else players
    spec = spec_with_defaults({"game": game, "games": games, "players": tuple(counts) if counts else None,
                          "agents": tuple(agents) if agents else None, "seed": seed, "ruleset": ruleset,
                          "batch_size": batch_size}, "balance.api.simulate")
    return run_spec(spec, lake, workers=workers, resume=True, progress=progress)


def verify(lake: Lake = DEFAULT_LAKE, run: str | None = None, workers: int | None = 1) -> VerifyReport:
    """Replay every game of the lake (or of one run) to its sealed digest; `.ok`, `.problems` say how it went."""
    return verify_lake(lake, run, workers=workers)


def build(lake: Lake = DEFAULT_LAKE, warehouse: str | Path = DEFAULT_WAREHOUSE, full: bool = False) -> BuildResult:
    """Build the DuckDB warehouse from the lake's complete runs (incremental unless `full`)."""
    return build_warehouse(lake, Path(warehouse), full=full)


def connect(warehouse: str | Path = DEFAULT_WAREHOUSE, lake: Lake | None = None) -> duckdb.DuckDBPyConnection:
    """The warehouse, read-only; with `lake`, also a view `events_<game>` of each game's admitted events."""
    con = connect_duckdb(warehouse, read_only=True)
    if lake is not None:
        admitted = catalogue(lake)
        for game in admitted.games("events"):
            files = ", ".join("'" + uri.replace("'", "''") + "'" for uri in admitted.uris("events", game))
            con.execute(f'create temp view "events_{game.replace("-", "_")}" as '
                        f"select * from read_parquet([{files}], union_by_name = true)")
    return con


def report(warehouse: str | Path = DEFAULT_WAREHOUSE, out: str | Path = DEFAULT_OUT,
           lake: str = str(DEFAULT_LAKE)) -> list[Path]:
    """Execute the report's notebooks on the warehouse; the HTML pages written (the index last)."""
    return [page.html for page in build_reports(Path(warehouse), Path(out), lake=lake)]


def show(lake: str | Path, run: str, game_id: int) -> ShownGame:
    """One game of the lake, rebuilt from its events: pass it to `show.transcript`, `show.draw`,
    `show.stepper` or `show.present`."""
    shown = from_lake(lake, run, game_id)
    shown.lake = str(lake)
    return shown
