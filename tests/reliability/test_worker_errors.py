"""Errors raised in pool workers reach the parent intact; a wrong player count is a one-line user error.

A subclass of BalanceError whose `__init__` takes several arguments (RulesetError:
path, key, reason) used to break the process pool: the parent could not rebuild
it from its message (`BrokenProcessPool` and a traceback instead of the message).
"""

from __future__ import annotations

import inspect
import pickle
from pathlib import Path
from typing import Any

import pytest

from balance.cli import build_parser, main
from engine.core.errors import BalanceError, RulesetError
from simulate.tile_value import TileValueSpec, in_order


def _every_subclass(cls: type[BalanceError]) -> list[type[BalanceError]]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_every_subclass(sub)]
    return found


def _example(cls: type[BalanceError]) -> BalanceError:
    required = [p for p in inspect.signature(cls.__init__).parameters.values()
                if p.name != "self" and p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
    return cls(*(f"{cls.__name__}-{p.name}" for p in required))


def test_every_toolkit_error_survives_pickling_with_its_message_and_fields() -> None:
    build_parser()  # imports every command module, hence every error class
    classes = _every_subclass(BalanceError)
    assert RulesetError in classes and len(classes) >= 15
    for cls in classes:
        error = _example(cls)
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is cls and str(copy) == str(error) and vars(copy) == vars(error), cls


def _raise_ruleset_error(spec: TileValueSpec, i: int) -> list[dict[str, Any]]:
    raise RulesetError("worker.toml", "players.counts", f"game {i}: 9 players not allowed")


def test_a_ruleset_error_in_a_pool_worker_reaches_the_caller_as_itself() -> None:
    with pytest.raises(RulesetError) as caught:
        in_order(_raise_ruleset_error, TileValueSpec(), 2, workers=2, progress=None)
    assert caught.value.path == "worker.toml" and caught.value.key == "players.counts"
    assert "not allowed" in str(caught.value)


@pytest.mark.parametrize(("players", "workers"), [("9", "1"), ("9", "2"), ("1", "1"), ("1", "2")])
def test_tile_value_with_a_player_count_the_game_lacks_is_a_one_line_user_error(
    players: str, workers: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["tile-value", "--players", players, "--games", "2", "--lake", str(tmp_path / "lake"),
                 "--workers", workers, "--no-progress"])
    err = capsys.readouterr().err
    assert code == 1, err
    assert err.count("\n") == 1 and "--players" in err and "allowed: 2, 3, 4" in err, err
    assert not (tmp_path / "lake" / "runs").exists()  # nothing claimed
