"""The JSON Schema of a recorded-game file (published as docs/recorded-game.schema.json).

`python -m recorded.schema > docs/recorded-game.schema.json` rewrites the
published copy; a test fails when it is out of date.
"""

from __future__ import annotations

import json
from typing import Any

SCHEMA_ID = "https://balance.invalid/recorded-game.schema.json"

TOKENS: dict[str, Any] = {
    "description": "one outcome, a list of outcomes in the order they came, or one list per player (hands)",
    "oneOf": [
        {"type": "string", "minLength": 1},
        {"type": "array", "items": {"oneOf": [
            {"type": "string", "minLength": 1},
            {"type": "array", "items": {"type": "string", "minLength": 1}},
        ]}},
    ],
}

# a name or title is printed by `balance show` and the reports: no control character (NUL, ESC, newline ...)
CONTROL_CHARACTER = "[\\u0000-\\u001f\\u007f-\\u009f]"
PRINTABLE: dict[str, Any] = {"type": "string", "minLength": 1, "not": {"pattern": CONTROL_CHARACTER}}
SEED_MAX = 2**63 - 1  # the lake's seed column is a signed 64-bit integer

MOVE: dict[str, Any] = {
    "description": "a move in the game's notation ('[player:] move [> outcome, ...]'), or '> outcome, ...' "
                   "for chance outcomes that followed the previous move; 4 Gods moves are objects with `t`",
    "oneOf": [
        {"type": "string", "minLength": 1},
        {
            "type": "object",
            "required": ["move"],
            "additionalProperties": False,
            "properties": {
                "move": {"type": "string", "minLength": 1},
                "t": {"type": "number", "minimum": 0, "description": "seconds since the start of the game"},
                "failed": {"type": "boolean", "description": "4 Gods: the action was tried at `t` but could not "
                                                            "happen (another player changed the table first)"},
            },
        },
    ],
}

GAME: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "moves"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string", "description": "caprices, gardens or gods"},
        "ruleset": {"type": "string", "description": "ruleset name or .toml path (default: the game's default)"},
        "players": {
            "description": "the player count, or the players' labels in seat order (seat 1 starts)",
            "oneOf": [
                {"type": "integer", "minimum": 1},
                {"type": "array", "minItems": 1, "items": PRINTABLE, "uniqueItems": True},
            ],
        },
        "agents": {
            "type": "array", "items": PRINTABLE,
            "description": "who played each seat (default: human); export writes the simulated agents",
        },
        "seed": {"type": "integer", "minimum": 0, "maximum": SEED_MAX,
                 "description": "the simulation seed of an exported game (default 0)"},
        "title": {**PRINTABLE, "minLength": 0},
        "played_on": {"type": "string", "description": "date of the playtest, e.g. 2026-11-28"},
        "notes": {"type": "string"},
        "setup": {
            "type": "object",
            "description": "chance outcomes of the setup by kind (see the game's notation)",
            "additionalProperties": TOKENS,
        },
        "moves": {"type": "array", "items": MOVE},
        "scores": {
            "type": "array", "items": {"type": "number"},
            "description": "final scores in seat order as counted at the table; checked against the engine",
        },
    },
}

FORMAT, FORMAT_VERSION = "balance-recorded-games", 1  # what a file of several games says it is

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "balance recorded games",
    "description": "One recorded game, or a file of several under `games`. See docs/recorded-games.md.",
    "$defs": {"game": GAME},
    "oneOf": [
        {"$ref": "#/$defs/game"},
        {
            "type": "object",
            "required": ["games"],
            "additionalProperties": False,
            "properties": {
                "format": {"const": FORMAT},
                "version": {"const": FORMAT_VERSION},
                "games": {"type": "array", "items": {"$ref": "#/$defs/game"}},
            },
        },
    ],
}


def schema_text() -> str:
    """The published file's text."""
    return json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
