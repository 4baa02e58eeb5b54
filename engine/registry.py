"""The game registry: game id -> module path, imported only when asked for."""

from __future__ import annotations

import importlib
from typing import Any

from engine.core.errors import UnknownName
from engine.core.game import Game
from engine.core.ruleset_schema import Schema

GAMES: dict[str, str] = {
    "caprices": "engine.caprices.game",
    "caprices-joust": "engine.caprices.joust",
    "gods": "engine.gods.game",
    "gardens": "engine.gardens.game",
}


def get_game(game_id: str) -> Game:
    """The `GAME` object of a registered game."""
    return lazy_entry(GAMES, game_id, "GAME", "game")  # type: ignore[no-any-return]


def lazy_entry(table: dict[str, str], key: str, attribute: str, what: str) -> Any:
    """`attribute` of the module `table[key]` names, imported only now; UnknownName naming the known keys else."""
    module_path = table.get(key)
    if module_path is None:
        raise UnknownName(f"no {what} {key!r}; known {what}s: {', '.join(sorted(table))}")
    return getattr(importlib.import_module(module_path), attribute)


def resolve_game(game: str | Game) -> Game:
    """A game object from its registry id, or the object itself (tests pass toy games)."""
    return get_game(game) if isinstance(game, str) else game


def ruleset_schema(game_id: str) -> Schema:
    """The declared ruleset keys of a registered game (its package's `ruleset_schema.SCHEMA`)."""
    get_game(game_id)  # an unknown id is refused with the known ones
    package = GAMES[game_id].rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.ruleset_schema").SCHEMA  # type: ignore[no-any-return]
