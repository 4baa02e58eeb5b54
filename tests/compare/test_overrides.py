"""Overrides are checked like a ruleset file: unknown keys, bounds, TOML values, list items, variant files."""

from __future__ import annotations

from pathlib import Path

import pytest

from balance.cli import main
from engine.core.errors import RulesetError
from engine.registry import get_game
from simulate.variants import (
    Variant,
    VariantError,
    parse_set,
    variant_from_file,
    variant_from_sets,
    variant_ruleset,
    variant_text,
)

CAPRICES = get_game("caprices")
STANDARD = CAPRICES.load_ruleset("standard")


@pytest.mark.parametrize(("text", "expected"), [
    ("setup.bonus_tokens=[25,20,15,10]", ("setup.bonus_tokens", [25, 20, 15, 10])),
    ("setup.hand_size = 8", ("setup.hand_size", 8)),
    ("players.first=seat0", ("players.first", "seat0")),  # a bare word is text
    ('players.first="random"', ("players.first", "random")),
    ("knight.takes_rallied=true", ("knight.takes_rallied", True)),
    ("setup.bonus_tokens[0]=40", ("setup.bonus_tokens[0]", 40)),
])
def test_set_values_are_toml(text: str, expected: tuple[str, object]) -> None:
    assert parse_set(text) == expected


@pytest.mark.parametrize("text", ["setup.bonus_tokens=[25,20", "setup.hand_size", "=3", "setup.hand_size=1 2"])
def test_a_malformed_set_names_the_flag(text: str) -> None:
    with pytest.raises(VariantError, match="--set"):
        parse_set(text)


def test_the_variant_text_rewrites_only_the_changed_leaf_marked_assumed() -> None:
    variant = variant_from_sets(["setup.bonus_tokens[0]=40"], "richer first")
    ruleset = variant_ruleset(CAPRICES, STANDARD, variant)
    assert ruleset.values["setup.bonus_tokens"] == [40, 20, 15, 10]
    assert {k: v for k, v in ruleset.values.items() if k != "setup.bonus_tokens"} == {
        k: v for k, v in STANDARD.values.items() if k != "setup.bonus_tokens"}
    assert ruleset.provenance["setup.bonus_tokens"].source == "assumed"
    assert "the baseline has [30, 20, 15, 10]" in ruleset.provenance["setup.bonus_tokens"].note
    assert ruleset.digest != STANDARD.digest
    text = variant_text(STANDARD, variant, {})
    assert text.startswith("# Les caprices du roi")  # comments and layout kept
    assert 'name = "standard~richer_first"' in text


def test_a_variant_that_changes_nothing_has_the_baselines_digest() -> None:
    same = variant_ruleset(CAPRICES, STANDARD, variant_from_sets(["setup.hand_size=7"]))
    assert same.digest == STANDARD.digest


def test_an_unknown_key_is_refused_naming_the_flag_and_the_closest_known_keys() -> None:
    with pytest.raises(RulesetError) as caught:
        variant_ruleset(CAPRICES, STANDARD, variant_from_sets(["setup.bonus_token=[25,20,15,10]"]))
    message = str(caught.value)
    assert message.startswith("--set: key 'setup.bonus_token'")
    assert "setup.bonus_tokens" in message


GARDENS = get_game("gardens")


@pytest.mark.parametrize("flag", ["bonus.extra_reward_values=[5,4,3,2]", "bonus.extra_reward_values[0]=5",
                                  "caprice.blessing_of_nothing=3"])
def test_a_key_that_only_fits_a_pattern_is_refused_naming_the_closest_keys(flag: str) -> None:
    """Issue 27 item 12: `bonus.*_values` matched the typo, the games were played and nothing changed."""
    with pytest.raises(RulesetError) as caught:
        variant_ruleset(GARDENS, GARDENS.load_ruleset("base"), variant_from_sets([flag]))
    message = str(caught.value)
    assert message.startswith(f"--set: key '{flag.split('=')[0].split('[')[0]}': unknown key")
    if "extra" in flag:
        assert "closest known keys: bonus.extra_rewards_values" in message


def test_compare_with_a_mistyped_key_plays_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "--game", "gardens", "--set", "bonus.extra_reward_values=[5,4,3,2]", "--games", "2",
            "--players", "2", "--agents", "random", "--lake", str(tmp_path / "lake"), "--out", str(tmp_path / "out")]
    assert main(argv) == 2
    assert "bonus.extra_rewards_values" in capsys.readouterr().err
    assert not (tmp_path / "lake").exists() or not any((tmp_path / "lake").rglob("*.parquet"))


def test_an_out_of_range_value_names_the_bound() -> None:
    with pytest.raises(RulesetError) as caught:
        variant_ruleset(CAPRICES, STANDARD, variant_from_sets(["setup.bonus_tokens=[30,20,15,-10]"]))
    assert "--set" in str(caught.value) and "setup.bonus_tokens" in str(caught.value)
    assert "0 to 1000" in str(caught.value)


def test_a_list_item_outside_the_list_is_refused() -> None:
    with pytest.raises(VariantError, match=r"setup.bonus_tokens\[7\].*4 items"):
        variant_ruleset(CAPRICES, STANDARD, variant_from_sets(["setup.bonus_tokens[7]=5"]))


def test_a_partial_variant_file_changes_only_its_leaves(tmp_path: Path) -> None:
    path = tmp_path / "cheaper.toml"
    path.write_text('[setup]\nbonus_tokens = { value = [25, 20, 15, 10], note = "gentler" }\n')
    variant = variant_from_file(path, CAPRICES)
    assert variant == Variant("cheaper", {"setup.bonus_tokens": [25, 20, 15, 10]}, where=str(path))
    bad = tmp_path / "bad.toml"
    bad.write_text("[setup]\nrounds = { value = 0 }\n")
    with pytest.raises(RulesetError, match=f"^{bad}: key 'setup.rounds': is 0; expected a whole number from 1 to 30"):
        variant_ruleset(CAPRICES, STANDARD, variant_from_file(bad, CAPRICES))


def test_a_full_variant_file_is_used_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(STANDARD.text.replace("[30, 20, 15, 10]", "[35, 20, 15, 10]"))
    ruleset = variant_ruleset(CAPRICES, STANDARD, variant_from_file(path, CAPRICES))
    assert ruleset.values["setup.bonus_tokens"] == [35, 20, 15, 10]


@pytest.mark.parametrize(("args", "code", "words"), [
    (["--set", "setup.bonus_token=[1]"], 2, "setup.bonus_tokens"),
    (["--set", "setup.bonus_tokens=[1,"], 1, "not a TOML value"),
    (["--set", "setup.rounds=0"], 2, "setup.rounds"),
    ([], 1, "nothing to compare"),
    (["--variant", "/nonexistent/v.toml"], 1, "cannot read"),
])
def test_the_command_refuses_bad_overrides_in_one_line_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], code: int, words: str,
) -> None:
    lake = tmp_path / "lake"
    status = main(["compare", "--game", "caprices", "--games", "4", "--players", "4", "--lake", str(lake),
                   "--no-report", *args])
    err = capsys.readouterr().err
    assert status == code
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not lake.exists() or not any(lake.rglob("*.parquet"))


def test_balance_rules_lists_keys_values_bounds_and_provenance(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "gardens", "--key", "bonus."]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("bonus.extra_rewards_values "))
    assert "[6, 5, 4, 3]" in row and "assumed" in row and "a list of 0-12 whole numbers from 0 to 50" in row
    assert "Extra Rewards tile values" in out and "3 key(s)" in out


@pytest.mark.parametrize("game", ["caprices", "gardens", "gods"])
def test_balance_rules_gives_every_key_of_the_default_ruleset_its_bounds(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    ruleset = get_game(game).load_ruleset(get_game(game).default_ruleset)
    assert main(["rules", "--game", game]) == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:-1] if not line.startswith(" ")}
    assert set(ruleset.values) <= set(rows)
    assert not [key for key in ruleset.values if rows[key].rstrip().endswith(" -")]  # a key without bounds
