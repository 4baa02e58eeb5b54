"""The game registry: game id -> module path, imported only when asked for."""

from __future__ import annotations

import importlib

from engine.core.errors import UnknownName
from engine.core.game import Game

GAMES: dict[str, str] = {
    "caprices": "engine.caprices.game",
    "caprices-joust": "engine.caprices.joust",
    "gods": "engine.gods.game",
    "gardens": "engine.gardens.game",
}


def get_game(game_id: str) -> Game:
    """The `GAME` object of a registered game."""
    module_path = GAMES.get(game_id)
    if module_path is None:
        raise UnknownName(f"no game {game_id!r}; known games: {', '.join(sorted(GAMES))}")
    return importlib.import_module(module_path).GAME  # type: ignore[no-any-return]


def resolve_game(game: str | Game) -> Game:
    """A game object from its registry id, or the object itself (tests pass toy games)."""
    return get_game(game) if isinstance(game, str) else game
