"""The event catalogue is generated from the code, and the committed docs/events.md is current."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.buffer import ENVELOPE
from lake.event_catalogue import catalogue_markdown
from tests.simulate.conftest import Cli
from tests.toygame import GAME

DOCS = Path(__file__).resolve().parents[2] / "docs" / "events.md"


def test_catalogue_lists_every_event_field_and_where_it_is_stored() -> None:
    text = catalogue_markdown([GAME])
    for name in ENVELOPE:
        assert f"| `{name}` |" in text
    for cls in (*GAME.event_types,):
        assert f"### `{cls.TYPE}` (v1)" in text
        assert (cls.__doc__ or "").strip() in text
    assert "| `card` | `int` | column `card` (int16) |" in text
    assert "| `order` | `tuple[int, ...]` | `payload` (JSON) |" in text
    assert "| `player` | `int` | envelope `player` |" in text
    assert "### `game_started` (v1)" in text and "| `seed` | `int` | column `seed` (int64) |" in text


def test_events_command_prints_and_writes(
    cli: Cli, tmp_path: Path, toy_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["events", "--game", "toy"]) == 0
    assert capsys.readouterr().out == catalogue_markdown([GAME])
    assert cli(["events", "--game", "toy", "--write", str(tmp_path / "events.md")]) == 0
    assert (tmp_path / "events.md").read_text() == catalogue_markdown([GAME])


def test_committed_catalogue_is_up_to_date() -> None:
    expected = catalogue_markdown()
    assert DOCS.exists() and DOCS.read_text(encoding="utf-8") == expected, (
        "docs/events.md is out of date: run `balance events --write docs/events.md`")
