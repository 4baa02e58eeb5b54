"""The tamper matrix: each way of damaging a lake gets exit code 2 and a message naming where and what.

The closing note of issue 9 reproduces this table (kind, exit code, message).
A clean copy of the same lake verifies (exit 0), so every rejection is the
tampering's doing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from balance.cli import main
from tests.reliability.tampering import PART1, kinds

KINDS = sorted(kinds(Path("unused")))


def _verify(lake: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["verify", "--lake", str(lake), "--workers", "1"])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_pristine_lake_verifies(pristine: Path, toy_game: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _verify(pristine, capsys)
    assert code == 0, text
    assert "ok: 1 run(s), 4 file(s), 24 game(s)" in text


@pytest.mark.parametrize("kind", KINDS)
def test_tampered_lake_is_rejected_with_its_message(
    kind: str, pristine: Path, other_seed: Path, tmp_path: Path, toy_game: None, capsys: pytest.CaptureFixture[str],
) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(pristine, lake)
    tamper, message = kinds(other_seed)[kind]
    tamper(lake)
    code, text = _verify(lake, capsys)
    print(f"{kind}: exit {code}\n{text}")
    assert code == 2, text
    assert message in text, text
    assert "Traceback" not in text


def test_the_matrix_covers_every_category_of_the_issue() -> None:
    words = " ".join(KINDS)
    for category in ("deleted", "changed", "swapped", "duplicated", "truncated", "garbage", "foreign", "extra",
                     "missing", "edited manifest", "other-seed", "agent labels"):
        assert category in words, category
    assert len(KINDS) >= 39
    assert any(PART1 in kind or "part" in kind for kind in KINDS)
