"""Every game and ruleset is told and drawn: a random and a greedy game each, with no event left untold.

An event type no narrator knows is printed as its type and fields (`naming.describe_unknown`); here that
fails, so a new event type gets its line in `show/<game>_text.py`.
"""

from __future__ import annotations

import re

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.registry import get_game
from show import draw, from_events, transcript

CASES = [("caprices", "standard", 5), ("caprices-joust", "standard", 3), ("gardens", "base", 4),
         ("gardens", "gods-caprice", 3), ("gods", "standard", 4)]


@pytest.mark.parametrize(("game_id", "ruleset", "players"), CASES)
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_told_and_drawn(game_id: str, ruleset: str, players: int, agent: str) -> None:
    game = get_game(game_id)
    rules = game.load_ruleset(ruleset)
    sink = ListSink()
    play_game(game, rules, [make_agent(agent, game) for _ in range(players)], 3, sink)
    shown = from_events(game, rules, sink.events)
    text = transcript(shown, hidden=True)
    assert not [line for line in text.splitlines() if re.search(r"\b\w+=", line)]  # no event told raw
    assert "Final scoring" in text and "seat 0" not in text
    draw(shown, len(sink.events) // 2)
