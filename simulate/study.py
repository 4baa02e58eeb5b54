"""The default study: a table of run specs read from `simulate/study.toml`.

Each `[[run]]` entry is a `lake.spec.RunSpec` (keys: game, players, agents,
games per player count, and optionally ruleset (default: the game's own), seed, batch_size), with
`[defaults]` filling what an entry leaves out. A scale factor multiplies every
entry's game count (rounded up to a whole seat rotation of its line-up).

Each `[[ask]]` entry is a `simulate.ask.Ask`: play batches at one strength until
every seat it asks about is decided (keys: game, players, agent (default: the
game's `[strong]` agent), ruleset, batch, max_games, max_minutes, seed, batch_size);
the scale multiplies its batch and games budget.

Each `[[assumptions]]` entry is a `simulate.assumptions.Screen`: every assumed
ruleset value with an alternative against it, on shared seeds (keys: game,
ruleset, players (default: every count), agent (default: the game's
`[strong]` agent), games per player count per arm, seed, batch_size); the
scale multiplies its games.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

from engine.registry import get_game
from lake.spec import RunSpec, SpecError
from simulate.ask import Ask
from simulate.assumptions import Screen

STUDY_FILE = Path(__file__).with_name("study.toml")


def load_study(path: Path = STUDY_FILE, scale: float = 1.0) -> list[RunSpec]:
    """The study's run specs; errors name the file and the entry."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SpecError(f"{path}: cannot read study file ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{path}: not valid TOML: {exc}") from None
    defaults: dict[str, Any] = data.get("defaults", {})
    entries = data.get("run")
    if not isinstance(entries, list) or not entries:
        raise SpecError(f"{path}: no [[run]] entries; add at least one (game, players, agents, games)")
    if scale <= 0:
        raise SpecError(f"--scale must be positive, got {scale}")
    specs = []
    for number, entry in enumerate(entries, start=1):
        values = {**defaults, **entry}
        if "ruleset" not in values and isinstance(values.get("game"), str):
            values["ruleset"] = get_game(values["game"]).default_ruleset
        if isinstance(values.get("games"), int) and scale != 1.0:
            values["games"] = scaled_games(values["games"], scale, len(values.get("agents", ["x"])))
        specs.append(RunSpec.from_dict(values, where=f"{path} [[run]] #{number}"))
    return specs


def scaled_games(games: int, scale: float, lineup: int) -> int:
    """`games * scale`, rounded up to a multiple of the line-up length (complete seat rotations)."""
    return max(lineup, math.ceil(games * scale / lineup) * lineup)


def load_asks(path: Path = STUDY_FILE, scale: float = 1.0) -> list[Ask]:
    """The study's `[[ask]]` entries (play until decided); an entry without `agent` plays the game's `[strong]`."""
    asks = []
    for _, values in _entries(path, "ask", ASK_KEYS):
        for key in ("batch", "max_games"):
            if key in values:
                values[key] = max(1, math.ceil(values[key] * scale))
        spec = Ask(**values)
        spec.round_specs(0, spec.players)  # checks players, seed and batch like any run spec
        asks.append(spec)
    return asks


def load_screens(path: Path = STUDY_FILE, scale: float = 1.0) -> list[Screen]:
    """The study's `[[assumptions]]` entries (every assumed value against its alternative); an entry without
    `agent` plays the game's `[strong]`."""
    screens = []
    for where, values in _entries(path, "assumptions", SCREEN_KEYS):
        games = values.get("games")
        if not isinstance(games, int) or isinstance(games, bool) or games < 2:
            raise SpecError(f"{where}: games must be a whole number of paired games per player count, at least 2 "
                            f"(an interval needs two pairs), got {games!r}")
        values["games"] = max(2, math.ceil(games * scale))
        screen = Screen(**values)
        RunSpec(screen.game, screen.ruleset, screen.players, (screen.agent,), screen.games, screen.seed,
                screen.batch_size)  # checks players, seed and batch size like any run spec
        screens.append(screen)
    return screens


def _entries(path: Path, table: str, keys: set[str]) -> list[tuple[str, dict[str, Any]]]:
    """(where, values) of each `[[table]]` entry: the study's seed, the game's default ruleset, player counts and
    `[strong]` agent filled in; an unknown key, or no game or agent, is refused naming the file and the entry."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SpecError(f"{path}: cannot read study file ({exc})") from None
    defaults, strong = data.get("defaults", {}), strong_agents(path)
    found = []
    for number, entry in enumerate(data.get(table, []), start=1):
        where = f"{path} [[{table}]] #{number}"
        unknown = sorted(set(entry) - keys)
        if unknown:
            raise SpecError(f"{where}: unknown key(s) {', '.join(unknown)}; valid keys: {', '.join(sorted(keys))}")
        game = entry.get("game")
        agent = entry.get("agent", strong.get(game) if isinstance(game, str) else None)
        if not isinstance(game, str) or not isinstance(agent, str):
            raise SpecError(f"{where}: needs a game and an agent (or a [strong] entry for its game)")
        values = {"seed": defaults.get("seed", 0), **{k: v for k, v in entry.items() if k != "players"}}
        values["ruleset"] = entry.get("ruleset", get_game(game).default_ruleset)
        values["agent"], values["players"] = agent, tuple(entry.get("players", get_game(game).facts.player_counts))
        found.append((where, values))
    return found


def strong_agents(path: Path = STUDY_FILE) -> dict[str, str]:
    """The study's `[strong]` table: game -> its strong (search) agent."""
    try:
        strong = tomllib.loads(path.read_text(encoding="utf-8")).get("strong", {})
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SpecError(f"{path}: cannot read study file ({exc})") from None
    if not isinstance(strong, dict) or not all(isinstance(v, str) for v in strong.values()):
        raise SpecError(f"{path}: [strong] must map each game to an agent name, e.g. caprices = \"ismcts\"")
    return strong


ASK_KEYS = {"game", "ruleset", "players", "agent", "batch", "max_games", "max_minutes", "seed", "batch_size",
            "deals"}
SCREEN_KEYS = {"game", "ruleset", "players", "agent", "games", "seed", "batch_size"}
