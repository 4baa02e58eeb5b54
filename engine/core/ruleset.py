"""Rulesets: TOML data where every value says where it comes from.

A ruleset file has a `[meta]` table (game, name, description) and any nesting
of tables whose leaves are `{ value = ..., source = "seed"|"public"|"assumed",
note = "..." }`. A designer corrects a value by editing the file; the report
lists every `assumed` value a result depended on.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import RulesetError, UnknownName
from engine.core.ruleset_schema import DISPLAY_PREFIX, Schema, check_values, rule_for

SOURCES = ("seed", "public", "assumed")
MAX_RULESET_BYTES = 1 << 20  # the largest shipped ruleset is ~12 KB; a bigger "ruleset" is the wrong file
_LEAF_KEYS = {"value", "source", "note"}
# Display names (`[names]`, DISPLAY_PREFIX) change how reports word things, not how games play: left out
# of the digest, so renaming a Caprice keeps the lake's runs valid.



REQUIRED = object()  # `Ruleset.require` / `choice`: the key must be present (no earlier reading to fall back on)


@dataclass(frozen=True)
class Provenance:
    """Where one ruleset value comes from."""

    source: str
    note: str


@dataclass(frozen=True)
class Ruleset:
    """A loaded ruleset: flat dotted keys to values, with provenance."""

    game: str
    name: str
    path: str
    text: str
    values: dict[str, Any]
    provenance: dict[str, Provenance]
    digest: str = field(default="")

    def __getitem__(self, key: str) -> Any:
        try:
            return self.values[key]
        except KeyError:
            raise RulesetError(self.path, key, "missing; add it with value and source") from None

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def require(self, key: str, kind: type | tuple[type, ...], earlier: Any = REQUIRED) -> Any:
        """The value at `key`, checked to be of `kind` (error names file and key); see `choice` for `earlier`."""
        value = self[key] if earlier is REQUIRED else self.values.get(key, earlier)
        if isinstance(value, bool) and kind in (int, float):
            raise RulesetError(self.path, key, f"expected {kind.__name__}, got a boolean")
        if not isinstance(value, kind):
            raise RulesetError(self.path, key, f"expected {_kind_name(kind)}, got {type(value).__name__}")
        return value

    def integer(self, key: str, low: int, high: int, earlier: Any = REQUIRED) -> int:
        """The whole number at `key`, checked to lie in low..high; see `choice` for `earlier`."""
        value: int = self.require(key, int, earlier)
        if not low <= value <= high:
            raise RulesetError(self.path, key, f"must be between {low} and {high}, got {value}")
        return value

    def choice(self, key: str, allowed: tuple[Any, ...], earlier: Any = REQUIRED) -> Any:
        """The value at `key`, checked to be one of `allowed`.

        `earlier`: the reading the engine had before the key existed. A ruleset text written then (kept in an
        old run's manifest or a recorded file) lacks the key and reads as that, so its games still replay; the
        game's own ruleset files always carry the key with its provenance.
        """
        value = self[key] if earlier is REQUIRED else self.values.get(key, earlier)
        if value not in allowed:
            raise RulesetError(self.path, key, f"must be one of {', '.join(map(str, allowed))}, got {value!r}")
        return value

    def error(self, key: str, reason: str) -> RulesetError:
        """An error naming this file and `key`, for game-level validation."""
        return RulesetError(self.path, key, reason)

    def display_names(self, played_as: str | None = None) -> dict[tuple[str, str], str]:
        """(kind, id) -> how reports and transcripts name a thing: the `[names]` tables (`names.game` is
        keyed by the game id, `names.ruleset` by the ruleset name) and each Caprice's `name`.

        A game playing these rules under another id (`played_as`, e.g. the Joust on the caprices rules) is
        named by its own `names.games.<id>` title when the ruleset gives one, else by `names.game`.
        """
        game = played_as or self.game
        names: dict[tuple[str, str], str] = {}
        titles: dict[str, str] = {}
        for key, value in self.values.items():
            parts = key.split(".")
            if parts[0] == "names" and len(parts) == 2:
                names[(parts[1], game if parts[1] == "game" else self.name)] = str(value)
            elif parts[0] == "names" and len(parts) == 3 and parts[1] == "games":
                titles[parts[2]] = str(value)
            elif parts[0] == "names" and len(parts) == 3:
                names[(parts[1], parts[2])] = str(value)
            elif parts[0] == "caprices" and len(parts) == 3 and parts[2] == "name":
                names[("caprices", parts[1])] = str(value)
        if game in titles:
            names[("game", game)] = titles[game]
        return names

    def assumed(self) -> dict[str, Provenance]:
        """The values that rest on an assumption rather than a source."""
        return {k: p for k, p in self.provenance.items() if p.source == "assumed"}


@dataclass(frozen=True)
class KeyLine:
    """One key of a ruleset as `balance rules` lists it."""

    key: str
    value: Any  # None: the ruleset leaves the key unset
    bounds: str
    source: str
    note: str


def key_lines(ruleset: Ruleset, schema: Schema) -> list[KeyLine]:
    """Every key the ruleset sets (value, bounds, provenance), then each key the game declares that it
    leaves unset; display names last."""
    lines = []
    for key in sorted(ruleset.values, key=lambda k: (k.startswith(DISPLAY_PREFIX), k)):
        rule = rule_for(schema, key)
        bounds = "a display name" if key.startswith(DISPLAY_PREFIX) else rule.describe() if rule else "-"
        made = ruleset.provenance[key]
        lines.append(KeyLine(key, ruleset.values[key], bounds, made.source, made.note))
    unset = sorted(k for k in schema if "*" not in k and k not in ruleset.values)
    return lines + [KeyLine(k, None, schema[k].describe(), "-", "not set in this ruleset") for k in unset]


def load_ruleset(
    path: str | Path, game: str, schema: Schema | None = None, columns: Mapping[str, Any] | None = None,
) -> Ruleset:
    """Parse and check a ruleset file; every problem names the file and key.

    With a `schema` (the game's declared keys), unknown keys and values outside
    their bounds or their lake column's range are rejected before any game is played.
    """
    path = Path(path)
    text = _read_text(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(str(path), RulesetError.FILE_LEVEL, f"not valid TOML: {exc}") from None
    meta = data.pop("meta", None)
    if not isinstance(meta, dict):
        raise RulesetError(str(path), "meta", "missing [meta] table with game and name")
    if meta.get("game") != game:
        raise RulesetError(str(path), "meta.game", f"is {meta.get('game')!r}, expected {game!r}")
    name = meta.get("name")
    if not isinstance(name, str) or not name:
        raise RulesetError(str(path), "meta.name", "missing or empty")
    values: dict[str, Any] = {}
    provenance: dict[str, Provenance] = {}
    for key, leaf in _leaves(data, "", str(path)):
        values[key] = leaf["value"]
        provenance[key] = Provenance(leaf["source"], leaf.get("note", ""))
    if schema is not None:
        check_values(values, schema, str(path), columns)
    played = {key: value for key, value in values.items() if not key.startswith(DISPLAY_PREFIX)}
    digest = hashlib.sha256(json.dumps(played, sort_keys=True).encode()).hexdigest()[:16]
    return Ruleset(game, name, str(path), text, values, provenance, digest)


def resolve_ruleset(
    game: str, rulesets_dir: Path, name_or_path: str, schema: Schema | None = None,
    columns: Mapping[str, Any] | None = None,
) -> Ruleset:
    """Load a ruleset by file path, or by name from the game's rulesets folder (checked against `schema`)."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or _exists(candidate):
        return load_ruleset(candidate, game, schema, columns)
    named = rulesets_dir / f"{name_or_path}.toml"
    if "/" in name_or_path or "\x00" in name_or_path or not _exists(named):
        known = ", ".join(sorted(p.stem for p in rulesets_dir.glob("*.toml")))
        shown = name_or_path if len(name_or_path) <= 60 else name_or_path[:57] + "..."
        raise UnknownName(f"no ruleset {shown!r} for game {game!r}; known: {known} (or give a .toml path)")
    return load_ruleset(named, game, schema, columns)


def _read_text(path: Path) -> str:
    """The file's text: a regular file of at most MAX_RULESET_BYTES, read without blocking (a FIFO or a
    device such as /dev/zero named as a ruleset is refused, not read until memory runs out or forever)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RulesetError(str(path), RulesetError.FILE_LEVEL, f"cannot read the file ({why})") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RulesetError(str(path), RulesetError.FILE_LEVEL, "not a regular file; a ruleset is a .toml "
                               "file (or a ruleset name)")
        data = handle.read(MAX_RULESET_BYTES + 1)
    if len(data) > MAX_RULESET_BYTES:
        raise RulesetError(str(path), RulesetError.FILE_LEVEL, f"larger than {MAX_RULESET_BYTES >> 10} KB; a "
                           "ruleset is a small TOML text file: is this the right file?")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = exc.object[exc.start:exc.start + 1]
        raise RulesetError(str(path), RulesetError.FILE_LEVEL, f"not a text file: byte {exc.start} is {bad!r}, not "
                           "UTF-8; a ruleset is a UTF-8 TOML text file (save it as UTF-8 TOML)") from None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long for the file system, an embedded NUL
        return False


def _leaves(table: dict[str, Any], prefix: str, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for key, item in table.items():
        dotted = f"{prefix}{key}"
        if not isinstance(item, dict):
            raise RulesetError(path, dotted, "bare value: write { value = ..., source = \"seed|public|assumed\" }")
        if "value" in item or "source" in item:
            _check_leaf(item, dotted, path)
            yield dotted, item
        else:
            yield from _leaves(item, f"{dotted}.", path)


def _check_leaf(leaf: dict[str, Any], key: str, path: str) -> None:
    extra = set(leaf) - _LEAF_KEYS
    if extra:
        raise RulesetError(path, key, f"unexpected keys {sorted(extra)}; a value has only value, source, note")
    if "value" not in leaf:
        raise RulesetError(path, key, "has a source but no value")
    if leaf.get("source") not in SOURCES:
        raise RulesetError(path, key, f"source must be one of {', '.join(SOURCES)}, got {leaf.get('source')!r}")


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__
