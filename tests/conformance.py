"""The conformance harness run over every game (pgx's `api_test`, for our core).

`check_game` plays seeded games and asserts what every game must satisfy:
no exception; seq gapless from 0; starts with game_started and ends with
game_sealed; replay reproduces the final state and digest, also after a
round trip through the columnar buffer; the same seed gives identical
events; scores within the declared bounds; length within the declared
maximum; every legal command is accepted by `decide`; an agent's view is
unchanged when everything hidden from it is re-dealt, and the re-deal itself
depends only on what the player sees (two states that differ only in hidden
information give the same re-deal for the same seed), which is what keeps
the search agent's determinisations from leaking hidden information. That
`decide` also rejects what `legal_commands` leaves out is `command_check.py`
(`test_decide_conformance.py`).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import (
    EventBuffer,
    Game,
    GameSealed,
    GameStarted,
    IllegalCommand,
    ListSink,
    events_from_table,
    make_agent,
    play_game,
    replay,
    state_digest,
)
from engine.core.chance import Chance


class Probe:
    """Observer that checks legality and hidden-information leaks at decisions."""

    def __init__(self, game: Game, seed: int, every: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.every = every
        self.decisions = 0
        self.resamples_that_changed = 0
        self.resamples = 0

    def __call__(self, state: Any, player: int, legal: Any, command: Any) -> None:
        self.decisions += 1
        assert legal, f"{self.game.id}: player {player} to move with no legal command"
        assert command in legal, f"{self.game.id}: agent returned {command!r}, not among the legal commands"
        if self.decisions % self.every:
            return
        self._check_all_legal_accepted(state, legal)
        self._check_view_hides(state, player)

    def _check_all_legal_accepted(self, state: Any, legal: Any) -> None:
        before = state_digest(self.game, state)
        for candidate in legal:
            try:
                self.game.decide(state, candidate, Chance(0))
            except IllegalCommand as exc:  # pragma: no cover - a failure path
                raise AssertionError(f"{self.game.id}: legal command {candidate!r} rejected: {exc}") from None
        assert state_digest(self.game, state) == before, f"{self.game.id}: decide changed the state"

    def _check_view_hides(self, state: Any, player: int) -> None:
        resampled = self.game.resample_hidden(state, player, self.rng)
        self.resamples += 1
        if state_digest(self.game, resampled) != state_digest(self.game, state):
            self.resamples_that_changed += 1
        assert self.game.view(resampled, player) == self.game.view(state, player), (
            f"{self.game.id}: player {player}'s view changed when hidden information was re-dealt (a leak)"
        )
        seed = self.rng.randrange(1 << 30)
        again = self.game.resample_hidden(resampled, player, random.Random(seed))
        direct = self.game.resample_hidden(state, player, random.Random(seed))
        assert state_digest(self.game, again) == state_digest(self.game, direct), (
            f"{self.game.id}: resample_hidden's result depends on where the hidden cards really are, "
            "not only on the player's view (a search agent would learn hidden information from it)"
        )


def play_checked(game: Game, ruleset_name: str, players: int, agent: str, seed: int, every: int = 3) -> Probe:
    """Play one game with every check; returns the probe for aggregate checks."""
    ruleset = game.load_ruleset(ruleset_name)
    agents = [make_agent(agent, game) for _ in range(players)]
    probe = Probe(game, seed, every)
    sink = ListSink()
    final = play_game(game, ruleset, agents, seed, sink, observer=probe)
    events = sink.events
    assert isinstance(events[0], GameStarted) and isinstance(events[-1], GameSealed)
    assert len(events) <= game.facts.max_events + 2, f"{game.id}: {len(events)} events > declared maximum"
    lo, hi = game.facts.score_bounds
    for score in game.scores(final):
        assert lo <= score <= hi, f"{game.id}: score {score} outside declared bounds {lo}..{hi}"
    rebuilt = replay(game, ruleset, events)
    assert state_digest(game, rebuilt) == state_digest(game, final)
    again = ListSink()
    play_game(game, ruleset, [make_agent(agent, game) for _ in range(players)], seed, again)
    assert again.events == events, f"{game.id}: seed {seed} gave a different log on the second run"
    _check_columnar_round_trip(game, ruleset, agent, players, seed, events)
    return probe


def _check_columnar_round_trip(game: Game, ruleset: Any, agent: str, players: int, seed: int, events: list) -> None:
    buffer = EventBuffer(game.columns)
    play_game(game, ruleset, [make_agent(agent, game) for _ in range(players)], seed, buffer, game_id=5)
    table = buffer.to_table("conformance").sort_by([("game_id", "ascending"), ("seq", "ascending")])
    assert table.column("seq").to_pylist() == list(range(len(events))), f"{game.id}: seq not gapless from 0"
    [(game_id, restored)] = list(events_from_table(table, game.event_types))
    assert game_id == 5
    assert restored == events, f"{game.id}: events changed through the Parquet column mapping"
    replay(game, ruleset, restored, game_id=5)
