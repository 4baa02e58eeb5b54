"""A committed, human-readable playthrough: a seeded greedy 2-player game, one event per line.

Any change to the rules, the ruleset data or the greedy agent shows up here as
a diff. After a deliberate change, regenerate with
`GARDENS_REGENERATE=1 .venv/bin/pytest tests/gardens/test_transcript.py` and
review the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.gardens.game import GAME

TRANSCRIPTS = Path(__file__).parent / "data"


def _transcript(ruleset_name: str, seed: int) -> str:
    ruleset = GAME.load_ruleset(ruleset_name)
    sink = ListSink()
    play_game(GAME, ruleset, [make_agent("greedy", GAME) for _ in range(2)], seed, sink)
    return "".join(f"{seq:4d} {event!r}\n" for seq, event in enumerate(sink.events))


@pytest.mark.parametrize("ruleset_name", ["base", "gods-caprice"])
def test_playthrough_matches_the_committed_transcript(ruleset_name):
    path = TRANSCRIPTS / f"playthrough_{ruleset_name}_2p_greedy_seed42.txt"
    text = _transcript(ruleset_name, 42)
    if os.environ.get("GARDENS_REGENERATE"):
        path.write_text(text)
    assert path.exists(), f"missing {path}; regenerate as the module docstring says"
    assert text == path.read_text()
