"""The default study: a table of run specs read from `simulate/study.toml`.

Each `[[run]]` entry is a `lake.spec.RunSpec` (keys: game, players, agents,
games per player count, and optionally ruleset (default: the game's own), seed, batch_size), with
`[defaults]` filling what an entry leaves out. A scale factor multiplies every
entry's game count (rounded up to a whole seat rotation of its line-up).
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

from engine.registry import get_game
from lake.spec import RunSpec, SpecError

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
