"""A committed, human-readable playthrough: a seeded greedy 2-player game, one event per line
(seq, the envelope's round and turn, the event).

Any change to the rules, the ruleset data or the greedy agent shows up here as
a diff. After a deliberate change, regenerate with
`GARDENS_REGENERATE=1 .venv/bin/pytest tests/gardens/test_transcript.py` and
review the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.core import make_agent, play_game
from engine.core.events import Event
from engine.gardens.game import GAME

TRANSCRIPTS = Path(__file__).parent / "data"


class _EnvelopeSink:
    """Keeps each event with its envelope's round and turn."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        self.lines.append(f"{seq:4d} r{round_:<2d} t{turn:<3d} {event!r}\n")


def _transcript(ruleset_name: str, seed: int) -> str:
    ruleset = GAME.load_ruleset(ruleset_name)
    sink = _EnvelopeSink()
    play_game(GAME, ruleset, [make_agent("greedy", GAME) for _ in range(2)], seed, sink)
    return "".join(sink.lines)


@pytest.mark.parametrize("ruleset_name", ["base", "gods-caprice"])
def test_playthrough_matches_the_committed_transcript(ruleset_name):
    path = TRANSCRIPTS / f"playthrough_{ruleset_name}_2p_greedy_seed42.txt"
    text = _transcript(ruleset_name, 42)
    if os.environ.get("GARDENS_REGENERATE"):
        path.write_text(text)
    assert path.exists(), f"missing {path}; regenerate as the module docstring says"
    assert text == path.read_text()
