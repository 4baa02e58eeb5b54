"""Which assumed ruleset values move the answers: one paired what-if per assumed value with an alternative.

For every value a game's ruleset marks `assumed` that has an alternative (a
true/false switch, or a choice among readings: `engine/<game>/ruleset_schema.py`),
one arm plays the alternative against the ruleset as it is, on shared seeds
(game k of every arm is dealt alike): an experiment of kind `assumptions`
(`simulate.experiment`), whose arms stay out of the study's own tables like
every what-if's. `balance assumptions` builds one from its flags; the study's
`[[assumptions]]` entries (`Screen`, played by `balance run`) build one per
game and ruleset at the study's strong play and a small fixed budget. The
experiment's name derives from everything that decides its games, so the same
screen resumes the same runs and a changed ruleset or budget plays new ones.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from engine.core.ruleset import Ruleset
from engine.core.ruleset_schema import DISPLAY_PREFIX, rule_for
from engine.registry import get_game, ruleset_schema
from lake.spec import DEFAULT_BATCH_SIZE, DEFAULT_RULESET
from simulate.experiment import Experiment, ExperimentError
from simulate.variants import Variant, slug

KIND = "assumptions"
QUESTION = "Which assumed ruleset values move the answers?"
Alternative = tuple[str, Any, Any]  # (key, assumed value, the other reading played against it)


def alternatives(game_id: str, ruleset: Ruleset) -> list[Alternative]:
    """(key, assumed value, alternative) for every assumed value the game plays whose schema rule offers another
    reading (display names and keys the game reads nowhere, `unplayed_keys`, are left out)."""
    schema = ruleset_schema(game_id)
    skipped = (DISPLAY_PREFIX, *getattr(get_game(game_id), "unplayed_keys", ()))
    found = []
    for key in sorted(ruleset.assumed()):
        rule = rule_for(schema, key)
        if key.startswith(skipped) or rule is None:
            continue
        value = ruleset[key]
        options = (not value,) if rule.kind == "bool" else rule.choices if rule.kind == "choice" else ()
        found += [(key, value, option) for option in options if option != value]
    return found


def baseline_ruleset(game_id: str, ruleset: str | None) -> Ruleset:
    """The ruleset the alternatives are played against (None or 'default': the game's own)."""
    game = get_game(game_id)
    name = ruleset or DEFAULT_RULESET
    return game.load_ruleset(game.default_ruleset if name == DEFAULT_RULESET else name)


def only(tested: list[Alternative], keys: list[str], ruleset: Ruleset) -> list[Alternative]:
    """The alternatives of `keys` alone (all when none is given); an unknown key is refused with the known ones."""
    if not keys:
        return tested
    known = {key for key, _, _ in tested}
    unknown = [key for key in keys if key not in known]
    if unknown:
        raise ExperimentError(f"--only {unknown[0]}: not an assumed value with an alternative in {ruleset.path}; "
                              f"those are: {', '.join(sorted(known))}")
    return [t for t in tested if t[0] in keys]


def experiment(game_id: str, ruleset: Ruleset, tested: list[Alternative], agents: tuple[str, ...],
               players: tuple[int, ...], games: int, seed: int, batch_size: int | None = None,
               name: str | None = None) -> Experiment:
    """The paired what-if of every tested alternative against `ruleset`, named from its content."""
    if not tested:
        raise ExperimentError(f"{ruleset.path}: no assumed value with an alternative to test")
    variants = tuple(Variant(f"{key} = {shown(alt)} (assumed: {shown(value)})", {key: alt})
                     for key, value, alt in tested)
    text = "|".join([ruleset.name, ruleset.digest, *agents, *map(str, players), str(games), str(seed),
                     *(v.name for v in variants), str(batch_size or DEFAULT_BATCH_SIZE)])
    # slug keeps 24 characters: a short prefix leaves the content hash whole
    default = slug(f"assume-{game_id}-{hashlib.blake2b(text.encode(), digest_size=3).hexdigest()}")
    return Experiment(name=name or default, game=game_id, ruleset=ruleset.name, players=players, agents=agents,
                      games=games, variants=variants, seed=seed, batch_size=batch_size or DEFAULT_BATCH_SIZE,
                      kind=KIND, question=QUESTION)


def shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Screen:
    """A study's `[[assumptions]]` entry: every assumed value of one game and ruleset against its alternative,
    `games` paired games per player count per arm, under one uniform play (the study's `[strong]` agent)."""

    game: str
    ruleset: str
    players: tuple[int, ...]
    agent: str
    games: int
    seed: int = 0
    batch_size: int = 10

    def experiment(self) -> Experiment:
        ruleset = baseline_ruleset(self.game, self.ruleset)
        return experiment(self.game, ruleset, alternatives(self.game, ruleset), (self.agent,), self.players,
                          self.games, self.seed, self.batch_size)
