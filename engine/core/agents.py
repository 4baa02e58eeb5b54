"""Agents: each sees only its own player's view and the legal commands.

`random` picks uniformly; `greedy` takes the command with the best one-ply
value from the game's own evaluation, breaking ties at random. The search
agent `ismcts[:N[:POLICY]]` (`ismcts.py`) is given its player's information
set instead of the view alone, as is `lookahead` (`lookahead.py`, one ply on
the turn's outcome). `ismcts-ref` is the default `ismcts` kept as the
yardstick of issue 25; `strong` is each game's default strong agent.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.errors import UnknownName
from engine.core.game import Game
from engine.core.ismcts import parse_ismcts
from engine.core.lookahead import NAME as LOOKAHEAD
from engine.core.lookahead import make_lookahead


class RandomAgent:
    """Uniform over the legal commands, from its own seeded stream."""

    name = "random"
    searches = False
    reads_view = False  # the driver passes no view (building one per decision cost more than choosing)

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        # int(random() * n) rather than randrange(n): uniform to within 2**-53, and 3x cheaper
        return legal[int(rng.random() * len(legal))]


class GreedyAgent:
    """One-ply lookahead: the legal command the game's evaluation likes best."""

    name = "greedy"
    searches = False
    reads_view = True

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        best: list[Any] = []
        best_value = float("-inf")
        for command in legal:
            value = game.greedy_value(view, command)
            if value > best_value:
                best, best_value = [command], value
            elif value == best_value:
                best.append(command)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


AGENTS: dict[str, Callable[[], Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


REFERENCE_SEARCH = "ismcts-ref"
"""Today's default search (issue 25's yardstick): `ismcts` with the game's default budget, under its own name."""
STRONG = "strong"
"""Each game's default strong agent: the game's `agents["strong"]`, else the reference search."""
SEARCH_AGENT_NAMES = ("ismcts", STRONG, LOOKAHEAD)
"""Name prefixes of the strong agents (`ismcts...`, `ismcts-ref`, `strong`, `lookahead`): what findings call search
play (the strong play a verdict is read under beside greedy)."""

AGENT_FAMILIES: dict[str, tuple[str, str]] = {
    "os-ismcts": ("engine.openspiel.agent", "openspiel"),
}
"""Agents built elsewhere, by the name before any ':' -> (module with `make(name, game)`, the extra it needs);
imported only when asked for, so a missing optional dependency touches nothing else."""


def make_agent(name: str, game: Game | None = None) -> Any:
    """An agent by name; a game may add its own agents via `game.agents`; `ismcts[:N[:POLICY]]` searches."""
    if name == "ismcts" or name.startswith("ismcts:"):
        return parse_ismcts(name, game, make_agent)
    if name == LOOKAHEAD or name.startswith(LOOKAHEAD + ":"):
        return make_lookahead(name, game, make_agent)
    family = AGENT_FAMILIES.get(name.split(":")[0])
    if family is not None:
        return _family_agent(name, game, *family)
    extra: Mapping[str, Callable[[], Any]] = game.agents if game is not None else {}
    if name == REFERENCE_SEARCH or (name == STRONG and STRONG not in extra):
        return parse_ismcts("ismcts", game, make_agent, label=name, reference=name == REFERENCE_SEARCH)
    factory = extra.get(name) or AGENTS.get(name)
    if factory is None:
        known = ", ".join(sorted({*AGENTS, *extra}))
        search = (f", ismcts[:N[:POLICY]], {REFERENCE_SEARCH}, {STRONG}, {LOOKAHEAD}[:SHARE]"
                  if game is not None and game.search is not None else "")
        raise UnknownName(f"no agent {name!r}; known agents: {known}{search}")
    return factory()


def strong_record(agents: Sequence[str], game: Game) -> dict[str, str]:
    """`{"strong_plays": what `strong` is in `game` today}` (`lookahead:0.5`, `ismcts:200` ...) when `agents` name
    `strong`, else empty: a run's claim record and manifest carry it, so that games played by one `strong` are
    never resumed or counted as another's (lake.claim refuses the mix)."""
    if STRONG not in agents:
        return {}
    agent = make_agent(STRONG, game)
    return {"strong_plays": str(getattr(agent, "plays", agent.name))}


def _family_agent(name: str, game: Game | None, module: str, extra: str) -> Any:
    try:
        make = importlib.import_module(module).make
    except ModuleNotFoundError as exc:
        raise UnknownName(f"agent {name!r} needs the {extra!r} extra ({exc.name} is not installed): "
                          f"pip install 'boardgame-balance[{extra}]'") from None
    return make(name, game)
