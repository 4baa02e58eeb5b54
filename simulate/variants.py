"""Ruleset variants: a baseline ruleset with some values changed, checked like any ruleset file.

A designer names a change as `--set setup.bonus_tokens=[25,20,15,10]` (the
value is TOML; a bare word such as `seat0` is read as text), as
`--set setup.bonus_tokens[0]=25` (one item of a list), or as a variant file:
a full ruleset (its own `[meta]` and every value) or a partial one (only the
leaves it changes, written like a ruleset file's leaves, with `[meta]`
optional). The variant's ruleset is the baseline's TOML text with those
leaves rewritten (each marked `assumed`, its note saying what the baseline
had), so the lake keeps the exact text it was played with and the report
lists the change among the assumptions.

The variant text is loaded through the game's own `load_ruleset`, so every
override meets the same checks as a ruleset file: an unknown key is refused
naming the closest known keys, a value out of bounds names the bound, and
the game's own checks (a deck big enough for the players, ...) apply too.
"""

from __future__ import annotations

import difflib
import re
import tempfile
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit

from engine.core.errors import BalanceError, RulesetError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.core.ruleset_schema import DISPLAY_PREFIX, Schema, schema_of

_INDEXED = re.compile(r"^(?P<key>[^\[\]]+)\[(?P<index>\d+)\]$")
_BARE_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_.+-]*$")
_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class VariantError(BalanceError):
    """An override or variant file is wrong: names the flag or file, the key and what to write instead."""


@dataclass(frozen=True)
class Variant:
    """A named change to the baseline: overrides of ruleset keys, or a whole ruleset file."""

    name: str
    overrides: Mapping[str, Any] = field(default_factory=dict)
    full_ruleset: str | None = None  # a complete ruleset file used as it is
    where: str = "--set"  # where the change was written, for error messages

    def describe(self) -> str:
        """The change in a designer's words: `setup.bonus_tokens = [25, 20, 15, 10]`, or the file."""
        if self.full_ruleset is not None:
            return f"the ruleset {self.full_ruleset}"
        return "; ".join(f"{key} = {_toml_value(value)}" for key, value in self.overrides.items()) or "no change"


def parse_set(text: str, flag: str = "--set") -> tuple[str, Any]:
    """`section.key=VALUE` -> (key, value); VALUE is TOML, a bare word is text."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key or not raw:
        raise VariantError(f"{flag} {text!r}: write section.key=VALUE, e.g. {flag} setup.bonus_tokens=[25,20,15,10]")
    try:
        return key, tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError as exc:
        if _BARE_WORD.match(raw) and raw not in ("true", "false"):
            return key, raw
        raise VariantError(f"{flag} {key}={raw}: not a TOML value ({exc}); quote text as \"...\", "
                           "write lists as [1, 2]") from None


def variant_from_sets(sets: list[str], name: str | None = None) -> Variant:
    """One variant from repeated `--set` flags (a later flag for the same key wins)."""
    overrides = dict(parse_set(s) for s in sets)
    return Variant(name or default_name(overrides), overrides, where="--set")


def variant_from_file(path: Path, game: Game, name: str | None = None) -> Variant:
    """A variant from a TOML file: a full ruleset (with [meta] game and name) or only the leaves it changes."""
    data = read_toml(path, "variant file", VariantError)
    meta = data.pop("meta", {})
    ruleset_game = game.ruleset_game
    if not isinstance(meta, dict) or meta.get("game", ruleset_game) != ruleset_game:
        raise VariantError(f"{path}: key 'meta.game' is {meta.get('game')!r}; this comparison is of {ruleset_game!r}")
    label = name or meta.get("variant") or path.stem
    if meta.get("name") and meta.get("game"):
        return Variant(str(label), {}, full_ruleset=str(path), where=str(path))
    overrides = dict(_file_leaves(data, "", path))
    if not overrides:
        raise VariantError(f"{path}: changes no value; write leaves such as "
                           "[setup] bonus_tokens = { value = [25, 20, 15, 10] }")
    return Variant(str(label), overrides, where=str(path))


def read_toml(path: Path, what: str, error: type[BalanceError]) -> dict[str, Any]:
    """A TOML file's tables; an unreadable or malformed file is `error` naming the file."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(f"{path}: cannot read the {what} ({exc.strerror or exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise error(f"{path}: not a valid TOML file ({exc})") from None


def default_name(overrides: Mapping[str, Any]) -> str:
    """A short name from the changes: `bonus_tokens=[25,20,15,10]`."""
    parts = [f"{key.rsplit('.', 1)[-1]}={_toml_value(value).replace(' ', '')}" for key, value in overrides.items()]
    return ", ".join(parts) or "baseline"


def slug(name: str) -> str:
    """A name usable inside a run id (safe alphabet, short)."""
    cleaned = _NAME.sub("_", name).strip("._-") or "variant"
    return cleaned[:24]


def variant_ruleset(game: Game, baseline: Ruleset, variant: Variant, folder: Path | None = None) -> Ruleset:
    """The variant's ruleset, checked by the game's own loader (unknown keys, bounds, the game's checks).

    Errors name the flag or file where the override was written and the key.
    """
    if variant.full_ruleset is not None:
        return game.load_ruleset(variant.full_ruleset)
    text = variant_text(baseline, variant, schema_of(game.ruleset_game))
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        path = Path(tmp) / f"{slug(variant.name)}.toml"
        path.write_text(text, encoding="utf-8")
        try:
            loaded = game.load_ruleset(str(path))
        except RulesetError as exc:
            raise RulesetError(variant.where, exc.key, _with_suggestions(exc, baseline)) from None
    # keep the text, not the temporary path: the lake stores the text and replays from it
    return Ruleset(loaded.game, loaded.name, f"{baseline.path} + {variant.describe()}", loaded.text,
                   loaded.values, loaded.provenance, loaded.digest)


def variant_text(baseline: Ruleset, variant: Variant, schema: Schema) -> str:
    """The baseline's TOML text with the variant's leaves rewritten (comments and layout kept).

    An override changes a key the baseline has, or adds one the game's schema names exactly: a key that
    only fits a pattern (`bonus.*_values`) is a typo until proven otherwise, and would change nothing.
    """
    doc = tomlkit.parse(baseline.text)
    for key, value in variant.overrides.items():
        _refuse_unknown(baseline, key, variant, schema)
        _apply(doc, baseline, key, value, variant)
    meta = doc["meta"]
    meta["name"] = f"{baseline.name}~{slug(variant.name)}"  # type: ignore[index]
    meta["description"] = f"what-if '{variant.name}' on {baseline.name}: {variant.describe()}"  # type: ignore[index]
    return tomlkit.dumps(doc)


def param_value(ruleset: Ruleset, key: str) -> Any:
    """The value of `key` (or `key[i]`) in a ruleset, None when absent."""
    indexed = _INDEXED.match(key)
    if not indexed:
        return ruleset.values.get(key)
    items = ruleset.values.get(indexed.group("key"))
    index = int(indexed.group("index"))
    return items[index] if isinstance(items, list) and index < len(items) else None


def _apply(doc: Any, baseline: Ruleset, key: str, value: Any, variant: Variant) -> None:
    indexed = _INDEXED.match(key)
    leaf_key = indexed.group("key") if indexed else key
    if indexed:
        value = _with_item(baseline, leaf_key, int(indexed.group("index")), value, variant)
    old = baseline.values.get(leaf_key)
    node = doc
    parts = leaf_key.split(".")
    for part in parts[:-1]:
        if part not in node:
            node[part] = tomlkit.table()
        node = node[part]
        if not isinstance(node, Mapping) or "value" in node:
            raise VariantError(f"{variant.where}: key '{leaf_key}': '{part}' is a value, not a section"
                               f"{_closest(baseline, leaf_key)}")
    leaf = tomlkit.inline_table()
    leaf["value"] = value
    leaf["source"] = "assumed"
    was = "not set" if leaf_key not in baseline.values else _toml_value(old)
    leaf["note"] = f"what-if '{variant.name}': the baseline has {was}"
    node[parts[-1]] = leaf


def _refuse_unknown(baseline: Ruleset, key: str, variant: Variant, schema: Schema) -> None:
    indexed = _INDEXED.match(key)
    leaf_key = indexed.group("key") if indexed else key
    if leaf_key in baseline.values or leaf_key in schema or leaf_key.startswith(DISPLAY_PREFIX):
        return
    raise RulesetError(variant.where, leaf_key, f"unknown key: ruleset {baseline.name} has no such key, so the "
                       f"change would play the baseline{_closest(baseline, leaf_key)} "
                       f"(`balance rules --game {baseline.game}` lists every key)")


def _with_item(baseline: Ruleset, key: str, index: int, item: Any, variant: Variant) -> list[Any]:
    current = baseline.values.get(key)
    if not isinstance(current, list):
        raise VariantError(f"{variant.where}: key '{key}[{index}]': '{key}' is not a list in the baseline"
                           f"{_closest(baseline, key)}")
    if index >= len(current):
        raise VariantError(f"{variant.where}: key '{key}[{index}]': the baseline list has {len(current)} items "
                           f"(index 0 to {len(current) - 1})")
    return [item if i == index else v for i, v in enumerate(current)]


def _file_leaves(table: dict[str, Any], prefix: str, path: Path) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for key, item in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(item, dict) and "value" in item:
            found.append((dotted, item["value"]))
        elif isinstance(item, dict):
            found.extend(_file_leaves(item, f"{dotted}.", path))
        else:
            raise VariantError(f"{path}: key '{dotted}': write {{ value = ... }} (as in a ruleset file)")
    return found


def _with_suggestions(exc: RulesetError, baseline: Ruleset) -> str:
    """The loader's reason, with the closest known keys when the key is unknown."""
    if "unknown key" in exc.reason and "did you mean" not in exc.reason:
        return exc.reason + _closest(baseline, exc.key)
    return exc.reason


def _closest(baseline: Ruleset, key: str) -> str:
    close = difflib.get_close_matches(key, list(baseline.values), n=3, cutoff=0.5)
    return f"; closest known keys: {', '.join(close)}" if close else ""


def _toml_value(value: Any) -> str:
    """A value as a designer would type it: [25, 20, 15, 10], true, "seat0"."""
    return tomlkit.item(value).as_string()
