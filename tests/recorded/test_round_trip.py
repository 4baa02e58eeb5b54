"""export -> ingest of simulated games gives the same events and the same sealed digest, for every game."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from balance.cli import main
from engine.core.logread import events_from_table
from engine.registry import get_game
from lake.catalogue import catalogue
from lake.verify import verify
from recorded.records import read_records
from recorded.replay import replay_record

CASES = [
    ("caprices", "standard", "3,5", "random,greedy"),
    ("gardens", "base", "2,4", "random,greedy"),
    ("gardens", "gods-caprice", "3", "greedy,random"),
    ("gods", "standard", "2,4", "random,greedy-fast"),  # waits, failed plans, draws and the end included
]


def lake_games(lake: Path, game: str) -> dict[tuple[int, ...], list[object]]:
    """Every game of the lake's runs of `game`, keyed by its events (order- and id-free comparison)."""
    found: dict[tuple[int, ...], list[object]] = {}
    for key in catalogue(lake).files("events", game):  # the files of the lake's complete runs
        table = pq.read_table(lake / key)
        for _, events in events_from_table(table, get_game(game).event_types):
            found[tuple(map(hash, map(repr, events)))] = events
    return found


@pytest.mark.parametrize(("game", "ruleset", "players", "agents"), CASES)
def test_export_then_ingest_gives_the_same_events_and_digest(
    game: str, ruleset: str, players: str, agents: str, tmp_path: Path
) -> None:
    simulated, recorded, out = tmp_path / "sim", tmp_path / "rec", tmp_path / "export.json"
    assert main(["simulate", "--game", game, "--ruleset", ruleset, "--players", players, "--agents", agents,
                 "--games", "4", "--seed", "11", "--lake", str(simulated), "--workers", "1", "--no-progress"]) == 0
    assert main(["export", "--lake", str(simulated), "--out", str(out)]) == 0
    assert main(["ingest", str(out), "--lake", str(recorded)]) == 0
    before, after = lake_games(simulated, game), lake_games(recorded, game)
    assert len(before) == 4 * len(players.split(",")) and before.keys() == after.keys()
    for key, events in before.items():
        assert after[key] == events  # every event, game_started and the sealed digest included
    assert verify(recorded, workers=1).ok


def test_exported_records_read_like_a_playtest(tmp_path: Path) -> None:
    lake, out = tmp_path / "sim", tmp_path / "export.json"
    assert main(["simulate", "--game", "caprices", "--players", "3", "--games", "2", "--lake", str(lake),
                 "--workers", "1", "--no-progress"]) == 0
    assert main(["export", "--lake", str(lake), "--out", str(out), "--first", "1"]) == 0
    data = json.loads(out.read_text())
    record = data["games"][0]
    assert record["agents"] == ["random"] * 3 and len(record["setup"]["hand"]) == 3
    assert all(line.split(":")[0] in ("1", "2", "3") for line in record["moves"] if not line.startswith(">"))
    games, errors = read_records(out)
    assert not errors and replay_record(games[0]).scores == record["scores"]
