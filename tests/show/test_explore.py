"""The starter notebook `notebooks/explore.py` executes on a small lake of all three games and shows games.

It is not one of the report's pages, so it is executed here (as the report executes its notebooks), with
the lake beside the warehouse.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from balance.cli import main
from engine.gods.tiles import LANDSCAPES
from reports.findings.headlines import findings
from reports.render import execute_notebook
from show import from_lake, state_at
from warehouse.display_names import Names

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "explore.py"
RUNS = [("caprices", "4", "random,greedy", "12"), ("gardens", "2", "greedy", "1"), ("gods", "4", "greedy", "3")]


@pytest.fixture(scope="module")
def explored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("explore")
    lake, warehouse = root / "lake", root / "wh.duckdb"
    for game, players, agents, count in RUNS:
        assert main(["simulate", "--game", game, "--players", players, "--agents", agents, "--games", count,
                     "--seed", "5", "--lake", str(lake), "--workers", "1", "--no-progress"]) == 0
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]) == 0
    execute_notebook(NOTEBOOK, warehouse, root / "out", parameters={"lake": str(lake)})
    return root


def test_explore_notebook_finds_and_shows_games(explored: Path) -> None:
    executed = json.loads((explored / "out" / "_executed" / "explore.ipynb").read_text(encoding="utf-8"))
    outputs = [o for cell in executed["cells"] if cell["cell_type"] == "code" for o in cell.get("outputs", [])]
    texts = ["".join(o.get("data", {}).get(kind, "")) for o in outputs for kind in ("text/html", "text/markdown")]
    commands = [t for t in texts if t.startswith("`balance show --lake ")]
    assert len(commands) == 4  # the +30-by-the-loser game (at its caprice_met) and one top game per game
    assert "--at " in commands[0]
    assert sum("image/png" in o.get("data", {}) for o in outputs) == 4
    assert any("Final scoring" in t for t in texts)
    assert any("<th>tiles</th>" in t and "<td>gods-" in t for t in texts)  # 4 Gods games ended by a full frame
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets) == 1  # the stepping widget on a 4 Gods game
    html = (explored / "out" / "explore.html").read_text(encoding="utf-8")
    assert "Traceback" not in html and "Error" not in html


def test_headline_examples_replay_games_that_show_the_finding(explored: Path) -> None:
    with duckdb.connect(str(explored / "wh.duckdb"), read_only=True) as con:
        found = {f.question: f for f in findings(con, Names.from_warehouse(con))}
    lake = explored / "lake"
    god = found["Which god is strongest?"]
    assert god.examples
    for example in god.examples:
        shown = from_lake(lake, example.run_id, example.game_id)
        final = state_at(shown)
        winner = next(e.player for e in final.scored if type(e).__name__ == "PlayerScored" and e.rank == 1)
        assert example.why.startswith(f"the {LANDSCAPES[final.player_god[winner]]} god's holder wins by")
    tile = found["Which bonus tile is worth most?"]
    assert tile.examples and all(e.why.startswith("a taker of ") for e in tile.examples)
    seat = found["Is the first seat favoured?"]
    for example in seat.examples:  # seat 1 won each of them
        final = state_at(from_lake(lake, example.run_id, example.game_id))
        scored = [e for e in getattr(final, "scored", None) or final.scoring_events
                  if type(e).__name__ == "PlayerScored"]
        assert next(e for e in scored if e.player == 0).rank == 1
    assert seat.examples
    # this lake's Caprices games are all mixed line-ups (random against greedy): said, not a crash
    for question in ("Which Caprices are too easy or too hard?", "Is the +30 slot too generous?"):
        assert found[question].pending == "no greedy or search self-play of Les caprices du roi in this warehouse"
