"""Shared helpers for the caprices tests: rulesets edited from the standard file."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from engine.caprices.game import GAME, RULESETS_DIR
from engine.caprices.rules import Rules
from engine.caprices.scoring import _search
from engine.core.ruleset import Ruleset

STANDARD_TEXT = (RULESETS_DIR / "standard.toml").read_text(encoding="utf-8")


def edited_ruleset(tmp_path: Path, old: str, new: str, name: str = "edited.toml") -> Path:
    """The standard ruleset with one exact text replaced, written to tmp_path."""
    assert old in STANDARD_TEXT, f"test setup: {old!r} not in standard.toml"
    path = tmp_path / name
    path.write_text(STANDARD_TEXT.replace(old, new, 1), encoding="utf-8")
    return path


def load_edited(tmp_path: Path, old: str, new: str) -> Ruleset:
    """Load (and fully check) an edited standard ruleset."""
    return GAME.load_ruleset(str(edited_ruleset(tmp_path, old, new)))


def score_total(cards: Iterable[tuple[str, int]], caprices: Sequence[tuple[str, int]], rules: Rules) -> int:
    """The exact optimiser's best total as its search finds it (no breakdown built, no cache).

    Tests compare it with `score_assembly(...).total`, which re-scores the chosen choice.
    """
    return _search(tuple(sorted(cards)), tuple(caprices), rules)[1]
