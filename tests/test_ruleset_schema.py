"""Declared ruleset keys: every game's schema covers its rulesets and fits the lake's columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.buffer import CORE_COLUMNS
from engine.core.errors import RulesetError
from engine.core.ruleset import load_ruleset
from engine.core.ruleset_schema import Int, Ints, Number, column_fits, rule_for
from engine.registry import get_game

SCHEMAS = {
    "caprices": "engine.caprices.ruleset_schema",
    "gardens": "engine.gardens.ruleset_schema",
    "gods": "engine.gods.ruleset_schema",
}


@pytest.mark.parametrize("game_id", sorted(SCHEMAS))
def test_every_bounded_value_fits_the_lake_column_it_is_written_to(game_id: str) -> None:
    import importlib

    schema = importlib.import_module(SCHEMAS[game_id]).SCHEMA
    columns = {**CORE_COLUMNS, **get_game(game_id).columns}
    for key, rule in schema.items():
        assert rule.column is None or rule.column in columns, (key, rule.column)
        assert column_fits(rule, columns), key


def _ruleset(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "r.toml"
    path.write_text('[meta]\ngame = "g"\nname = "r"\n' + body, encoding="utf-8")
    return path


SCHEMA = {"turn.hand_size": Int(1, 10), "bonus.values": Ints(0, 50, column="value"),
          "timing.*.mean_ms": Number(1, 600_000)}


def test_unknown_key_names_the_closest_known_key(tmp_path: Path) -> None:
    path = _ruleset(tmp_path, '[turn]\nhand_sise = { value = 5, source = "seed" }\n')
    with pytest.raises(RulesetError, match=r"key 'turn.hand_sise': unknown key; did you mean 'turn.hand_size'\?"):
        load_ruleset(path, "g", SCHEMA)


@pytest.mark.parametrize(("body", "message"), [
    ('[turn]\nhand_size = { value = 0, source = "seed" }\n', "is 0; expected a whole number from 1 to 10"),
    ('[turn]\nhand_size = { value = true, source = "seed" }\n', "is True; expected a whole number"),
    ('[bonus]\nvalues = { value = [1, -2], source = "seed" }\n', "expected a list of 1-64 whole numbers from 0 to 50"),
    ('[timing.slow]\nmean_ms = { value = 1e9, source = "assumed" }\n', "expected a number from 1 to 600000"),
])
def test_values_outside_their_bounds_are_rejected_with_the_bounds(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message.replace("[", r"\[")):
        load_ruleset(_ruleset(tmp_path, body), "g", SCHEMA)


def test_a_value_too_large_for_its_lake_column_is_rejected(tmp_path: Path) -> None:

    path = _ruleset(tmp_path, '[bonus]\nvalues = { value = [1, 40], source = "seed" }\n')
    with pytest.raises(RulesetError, match=r"value 40 does not fit the lake column 'value' \(-8 to 7\)"):
        load_ruleset(path, "g", SCHEMA, {"value": _Tiny()})


class _Tiny:
    """A column type narrower than any real one, to exercise the column check on its own."""

    def __str__(self) -> str:
        return "int4"


def test_binary_and_non_utf8_files_get_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    with pytest.raises(RulesetError, match="not a text file: byte 0 is .*save it as UTF-8 TOML") as caught:
        load_ruleset(path, "g", SCHEMA)
    assert str(caught.value).startswith(f"{path}: not a text file") and "key '" not in str(caught.value)


def test_patterns_match_one_segment() -> None:
    assert rule_for(SCHEMA, "timing.greedy-fast.mean_ms") is SCHEMA["timing.*.mean_ms"]
    assert rule_for(SCHEMA, "timing.a.b.mean_ms") is None
