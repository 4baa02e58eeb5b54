"""The published schema is current, and every example in docs/recorded-games.md is a valid, complete game."""

from __future__ import annotations

import json
import re
from pathlib import Path

from jsonschema import Draft202012Validator

from recorded.ingest import ingest
from recorded.schema import SCHEMA, schema_text
from tests.recorded.conftest import PLAYTESTS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_published_schema_is_up_to_date() -> None:
    published = DOCS / "recorded-game.schema.json"
    assert published.read_text(encoding="utf-8") == schema_text(), (
        "regenerate it: python -m recorded.schema > docs/recorded-game.schema.json")
    Draft202012Validator.check_schema(SCHEMA)


def test_playtests_validate_against_the_published_schema() -> None:
    validator = Draft202012Validator(json.loads((DOCS / "recorded-game.schema.json").read_text(encoding="utf-8")))
    for path in PLAYTESTS.values():
        assert not list(validator.iter_errors(json.loads(path.read_text(encoding="utf-8")))), path


def test_every_example_on_the_notation_page_ingests(tmp_path: Path) -> None:
    page = (DOCS / "recorded-games.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", page, flags=re.S)
    assert len(blocks) >= 2
    games = {json.loads(block)["game"] for block in blocks}
    assert {"caprices", "gardens"} <= games
    for index, block in enumerate(blocks):
        (tmp_path / f"example{index}.json").write_text(block, encoding="utf-8")
    report = ingest([tmp_path], tmp_path / "lake")
    assert not report.rejected, [e.message() for e in report.rejected]
    assert report.games_added == len(blocks)


def test_the_quick_schema_check_agrees_with_jsonschema() -> None:
    """Ingest checks a game with the schema compiled by fastjsonschema and names errors with jsonschema."""
    from recorded.records import schema_problem
    from recorded.schema import GAME
    from tests.recorded.conftest import playtest

    validator = Draft202012Validator(GAME)
    games = [playtest(game) for game in PLAYTESTS]
    bad = []
    for game in games:
        bad += [{**game, "players": 0}, {**game, "players": ["A", "A"]}, {**game, "moves": [""]},
                {**game, "moves": [{"t": -1, "move": "x"}]}, {**game, "moves": [{"move": "x", "failed": "yes"}]},
                {**game, "extra": 1}, {**game, "setup": {"tile": [[]]}}, {**game, "scores": ["1"]},
                {key: value for key, value in game.items() if key != "game"}, {**game, "seed": 1.5}]
    for game in games + bad:
        assert (schema_problem(game) is None) == validator.is_valid(game), game.get("moves", [None])[:1]
    assert all(schema_problem(game) is not None for game in bad[:6])
