"""Les caprices du roi (game id `caprices`): the `GAME` object the core driver plays.

Seed: `003_30aa0a9c23cb511b.txt` (its rule text, by file name). 2-5 players
(assumed) build an assembly over 6 rounds; each round one face-down Subject
card joins the Recruitment Zone and (rounds 1-4) one Caprice turns up with its
bonus token. A turn draws (recruit from the Zone or the pile, or rally a
Peasant/Artisan) then discards, or is replaced by a Bourgeoise or Noble turn.
End scoring finds each player's best Knight/Minister choices exactly
(`scoring.py`).

Modelling decisions (also in the ruleset notes): a turn is a sequence of
decisions by the same player (draw, then discard or takes); a Bourgeoise take
from the pile is the top card, blind (the seed's "of your choice from the
draw pile" could also mean searching the pile: not implemented); when the pile
is empty it cannot be drawn from, and a player who can draw nothing passes
(turn action `pass`). Who starts is the ruleset's `players.first`: seat 0
(the standard ruleset: a seat is then the turn order in round 1, and runs
rotate the agents through the seats, `lake/spec.py`), or the King aid
dealt at random as the seed says (a logged chance event).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.caprices import rules as flow
from engine.caprices.cards import MAX_DEALS, Rules, compile_rules
from engine.caprices.events import COLUMNS, EVENT_TYPES, JOUST_COLUMNS, JOUST_EVENT_TYPES
from engine.caprices.evolve import evolve
from engine.caprices.greedy import greedy_value
from engine.caprices.ruleset_schema import SCHEMA
from engine.caprices.search import PROFILE as SEARCH_PROFILE
from engine.caprices.state import Command, State, View, view_of
from engine.core.buffer import CORE_COLUMNS
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.game import GameFacts
from engine.core.ruleset import Ruleset, resolve_ruleset

RULESETS_DIR = Path(__file__).parent / "rulesets"

FACTS = GameFacts(player_counts=(2, 3, 4, 5), max_events=400, score_bounds=(0.0, 600.0))
"""Score bound: 13 cards x 10 + longest run with Merchants + families + all four Caprices stays under 600."""
JOUST_FACTS = GameFacts(player_counts=(2, 3, 4, 5), max_events=MAX_DEALS * 400,
                        score_bounds=(0.0, MAX_DEALS * 600.0))
"""A Joust match: at most MAX_DEALS games, each within the single game's bounds."""


class CapricesGame:
    """Les caprices du roi as a `Game`: one game (`caprices`), or a Joust match of several (`caprices-joust`).

    Both play the same caprices rulesets; the Joust reads their `[joust]` table.
    """

    default_ruleset = "standard"
    ruleset_game = "caprices"
    """The `meta.game` of the rulesets both play."""
    agents: dict[str, Any] = {}  # random, greedy and ismcts only

    def __init__(self, game_id: str = "caprices", joust: bool = False) -> None:
        self.id = game_id
        self.joust = joust
        self.facts = JOUST_FACTS if joust else FACTS
        self.columns = JOUST_COLUMNS if joust else COLUMNS
        self.event_types = EVENT_TYPES + JOUST_EVENT_TYPES if joust else EVENT_TYPES
        self.search = SEARCH_PROFILE

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        """A ruleset by name or path, fully checked (RulesetError names file and key)."""
        columns = {**CORE_COLUMNS, **self.columns}
        ruleset = resolve_ruleset(self.ruleset_game, RULESETS_DIR, name_or_path, SCHEMA, columns)
        rules = compile_rules(ruleset)
        if self.joust:
            _check_joust(ruleset, rules)
        return ruleset

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> State:
        """An empty table for `num_players`; `setup` deals it."""
        rules = compile_rules(ruleset)
        if num_players not in rules.player_counts:
            allowed = rules.player_counts
            raise ruleset.error("players.counts", f"{num_players} players not supported; allowed: {allowed}")
        if self.joust:
            _check_joust(ruleset, rules)
        return State(rules, num_players, rules.joust_deals if self.joust else 1)

    def setup(self, state: State, chance: Chance) -> list[Event]:
        """Deal the hands and the face-down row, and open round 1."""
        return flow.setup(state, chance)

    def to_move(self, state: State) -> int | None:
        """The player to decide, or None when the game is over."""
        return state.current

    def legal_commands(self, state: State, player: int) -> list[Command]:
        """The commands `player` may give now."""
        return flow.legal_commands(state, player)

    def decide(self, state: State, command: Command, chance: Chance) -> list[Event]:
        """Validate `command` and return its events (IllegalCommand names the rule)."""
        return flow.decide(state, command, chance)

    def evolve(self, state: State, event: Event) -> State:
        """Apply one event."""
        return evolve(state, event)

    def view(self, state: State, player: int) -> View:
        """What `player` sees."""
        return view_of(state, player)

    def resample_hidden(self, state: State, player: int, rng: random.Random) -> State:
        """A copy with everything hidden from `player` re-dealt, sizes kept."""
        return resample_hidden(state, player, rng)

    def scores(self, state: State) -> list[float]:
        """Final scores (0 for everybody before the end)."""
        return [float(s) for s in state.final_scores]

    def fingerprint(self, state: State) -> tuple[object, ...]:
        """Primitive structure of the state for the digest."""
        return state.fingerprint()

    def greedy_value(self, view: View, command: Command) -> float:
        """One-ply value of a command for the greedy agent."""
        return greedy_value(view, command)


def _check_joust(ruleset: Ruleset, rules: Rules) -> None:
    """Without reuse, every game of the match must find its Caprices in the pool."""
    needed = rules.joust_deals * len(rules.bonus_tokens)
    if not rules.joust_reuse_caprices and needed > len(rules.caprices):
        raise ruleset.error("joust.deals", f"{rules.joust_deals} games without reuse need {needed} Caprices; the "
                            f"pool has {len(rules.caprices)} (set joust.reuse_caprices = true or fewer deals)")


def resample_hidden(state: State, player: int, rng: random.Random) -> State:
    """Opponents' unseen cards re-dealt from everything `player` has not seen, sizes kept.

    Cards an opponent was seen to take from the Zone stay in that hand. The
    pool is sorted before the deal so the result depends only on what
    `player` sees and on `rng`, never on where the hidden cards really are.
    Only the dealt cards are drawn (a partial Fisher-Yates: a search makes one
    re-deal per iteration, and shuffling the whole pool was a tenth of it).
    The pile, the face-down row and the face-down Caprices hold no order: what
    comes out of them is drawn when it is revealed, so they need no resampling.
    """
    new = state.copy()
    others = [p for p in range(state.num_players) if p != player]
    sizes = [len(new.hands[p]) - len(new.known[p]) for p in others]
    pool = [c for p in others for c in new.hands[p] if c not in new.known[p]]
    pool += new.pile
    pool.sort()
    left = len(pool)
    draw = rng.random
    for p, size in zip(others, sizes):
        hand = list(new.known[p])
        for _ in range(size):  # a partial Fisher-Yates: only the dealt cards cost a random number
            i = int(draw() * left)
            left -= 1
            hand.append(pool[i])
            pool[i] = pool[left]
        new.hands[p] = hand
    del pool[left:]
    pool.sort()
    new.pile = pool
    return new


GAME = CapricesGame()
JOUST = CapricesGame("caprices-joust", joust=True)
"""The Joust variant: one lake game is a match of `joust.deals` games, scores totalled (registry: `caprices-joust`)."""
