"""Reading recorded-game files: JSON, the published schema, one `GameRecord` per game.

A file holds one game object or `{"games": [...]}`. Each game is checked
against the schema on its own, so one malformed game does not keep the
others of its file out. Problems are `RecordError`s with a named `code`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator

from engine.core.errors import BalanceError
from recorded.errors import RecordError
from recorded.schema import GAME

_GAME_VALIDATOR = Draft202012Validator(GAME)
# the same schema compiled to plain Python: ~30x quicker on a valid game (ingest reads thousands); a game it
# rejects goes through jsonschema, whose errors name the field
_GAME_IS_VALID = fastjsonschema.compile(GAME)


@dataclass(frozen=True)
class GameRecord:
    """One game as written in a file: where it is and its JSON object (schema-checked)."""

    file: str
    index: int  # 1-based position in the file
    data: dict[str, Any]

    @property
    def label(self) -> str:
        """How messages name the game."""
        title = self.data.get("title")
        return f"game {self.index}" + (f" ({title})" if title else "")


def record_files(paths: list[Path]) -> list[Path]:
    """Every .json file given or inside given folders (sorted); a missing path is a user error."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.json") if p.is_file())
        elif path.is_file():
            found.append(path)
        else:
            raise BalanceError(f"{path}: no such file or folder; give recorded-game .json files or folders")
    return found


def read_records(path: Path) -> tuple[list[GameRecord], list[RecordError]]:
    """The games of one file and the errors of the games (or of the file) that cannot be read."""
    name = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        return [], [RecordError("invalid_json", "not a UTF-8 text file", file=name)]
    except RecursionError:
        return [], [RecordError("invalid_json", "nested deeper than a recorded game can be (hundreds of levels of "
                                "[ or {); is this a recorded-game file?", file=name)]
    except json.JSONDecodeError as exc:
        why = "the file ends in the middle of the JSON (truncated?)" if exc.pos >= len(exc.doc.rstrip()) else exc.msg
        detail = f"not valid JSON at line {exc.lineno} column {exc.colno}: {why}"
        return [], [RecordError("invalid_json", detail, file=name)]
    return split_games(data, name)


def split_games(data: Any, name: str) -> tuple[list[GameRecord], list[RecordError]]:
    """Games of a parsed file, each checked against the schema."""
    games: list[GameRecord] = []
    errors: list[RecordError] = []
    try:
        found = list(_games_of(data, name))
    except RecordError as exc:
        return [], [exc]
    for index, game in found:
        problem = schema_problem(game)
        if problem is None:
            games.append(GameRecord(name, index, game))
        else:
            problem.record = game
            errors.append(problem.at(name, index, _title(game)))
    return games, errors


def _title(game: Any) -> str:
    title = game.get("title") if isinstance(game, dict) else None
    return title if isinstance(title, str) else ""


def _games_of(data: Any, name: str) -> Iterator[tuple[int, Any]]:
    if isinstance(data, dict) and "games" in data and "game" not in data:
        extra = sorted(set(data) - {"games", "format", "version"})
        if extra or not isinstance(data["games"], list):
            detail = f"unknown top-level key(s) {extra}" if extra else "`games` must be a list of games"
            raise RecordError("invalid_field", detail + "; see docs/recorded-game.schema.json", file=name)
        yield from enumerate(data["games"], start=1)
    elif isinstance(data, dict):
        yield 1, data
    else:
        raise RecordError("invalid_field", "a recorded-game file holds a game object or {\"games\": [...]}", file=name)


def schema_problem(game: Any) -> RecordError | None:
    """The first schema violation of one game, named: missing_field or invalid_field."""
    try:
        _GAME_IS_VALID(game)
        return _non_finite(game)
    except fastjsonschema.JsonSchemaException:
        pass
    except RecursionError:
        return RecordError("invalid_field", "a value nested hundreds of levels deep; a game holds lists of moves")
    errors = sorted(_GAME_VALIDATOR.iter_errors(game), key=lambda e: (len(e.absolute_path), list(e.absolute_path)))
    if not errors:
        return None
    error = errors[0]
    while error.validator == "oneOf" and error.context:  # the alternative that came furthest says what is wrong
        error = max(error.context, key=lambda e: len(e.absolute_path))
    path = "/".join(str(p) for p in error.absolute_path) or "(the game object)"
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        return RecordError("missing_field", f"missing required field {missing[0]!r} at {path}")
    if error.validator == "not":
        return RecordError("invalid_field", f"field {path}: {error.instance!r} holds a control character (NUL, "
                           "ESC, newline ...); names and titles are printed: remove it")
    if error.validator == "additionalProperties":
        return RecordError("invalid_field", f"{path}: {error.message} (allowed: {', '.join(GAME['properties'])})")
    return RecordError("invalid_field", f"field {path}: {error.message}")


def _non_finite(value: Any, path: str = "") -> RecordError | None:
    """NaN or Infinity (which Python's JSON reader accepts) as a score or time: named, never compared."""
    if isinstance(value, float) and not math.isfinite(value):
        return RecordError("invalid_field", f"field {path.strip('/') or '(the game object)'}: {value} is not a "
                           "number; write the score or time counted at the table")
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        problem = _non_finite(item, f"{path}/{key}")
        if problem is not None:
            return problem
    return None
