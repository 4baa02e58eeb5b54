"""Issue 27 item 16: a game's name is text in a table, and the README's timings say on what machine."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from reports.kit import notebook

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_a_game_name_starting_with_a_digit_is_left_aligned_and_numbers_right(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[Any] = []
    monkeypatch.setattr(notebook, "display", shown.append)
    frame = pd.DataFrame({"game": ["4 Gods", "Four Gardens"], "rate": ["12.5% (10.1% to 14.9%)", "+816"]})
    notebook.show(frame, {"game": "game", "win rate": "rate"})
    html = shown[0].data
    assert "<td>4 Gods</td>" in html and "<td>Four Gardens</td>" in html
    assert "<td class='num'>12.5% (10.1% to 14.9%)</td>" in html and "<td class='num'>+816</td>" in html


def test_every_timing_in_the_readme_says_it_is_a_quiet_or_loaded_machine_figure() -> None:
    sentences = re.split(r"(?<=[.;])\s+", " ".join(README.split()))
    timed = [s for s in sentences if re.search(r"\btook \d+ m \d+ s\b", s)]
    assert len(timed) >= 2
    for sentence in timed:
        assert re.search(r"\b(quiet|loaded)\b[^.]*machine", sentence), sentence
