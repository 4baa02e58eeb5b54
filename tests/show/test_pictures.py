"""Pictures of a start, a middle and a final state of each game, checked against the folded state they draw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon, Rectangle

from balance.cli import main
from engine.caprices.end_of_game import score_results
from show.pictures import draw
from show.story import state_at
from tests.show.test_transcript import GAMES, RECORDED


def _drawn(game: str, moment: int) -> tuple[int, Any, Figure]:
    """(seq, folded state, picture) at the start (0), the middle (1) or the end (2) of the committed game."""
    shown = GAMES[game]()
    last = len(shown.events) - 1
    seq = (0, last // 2, last)[moment]
    return seq, state_at(shown, seq), draw(shown, seq)


def _patches(fig: Figure, kind: type[Any]) -> list[Any]:
    return [p for ax in fig.axes for p in ax.patches if type(p) is kind]


@pytest.mark.parametrize("at", range(3))
def test_gods_frame_shows_every_tile_city_and_prophet(at: int) -> None:
    seq, state, fig = _drawn("gods", at)
    assert len(_patches(fig, Polygon)) == 4 * state.tiles_on_board  # one triangle per tile edge
    prophets = [c for c in fig.axes[0].patches if isinstance(c, Circle)]
    assert len(prophets) == len(state.prophets)
    assert f"after event {seq} of" in fig.get_suptitle()
    if at == 2:
        assert state.tiles_on_board > 40 and state.prophets
        assert "score" in " ".join(t.get_text() for t in fig.axes[1].texts)


@pytest.mark.parametrize("at", range(3))
def test_caprices_assemblies_show_every_card(at: int) -> None:
    seq, state, fig = _drawn("caprices", at)
    held = sum(len(h) + len(r) for h, r in zip(state.hands, state.rallied))
    cards = [r for r in _patches(fig, Rectangle) if r.get_width() == 0.65]
    assert len(cards) == held
    texts = " ".join(t.get_text() for t in fig.axes[0].texts)
    assert "Alice" in texts and ("score 150 (rank 1)" in texts) == (at == 2)
    if at == 1:  # mid-game: what each assembly would score now, from the engine's scoring
        now = score_results(state, list(zip(state.hands, state.rallied)))
        assert [f"if the game ended now: {b.total}" in texts for b in now] == [True] * 4


@pytest.mark.parametrize("at", range(3))
def test_gardens_pagoda_storage_and_tracks(at: int) -> None:
    seq, state, fig = _drawn("gardens", at)
    pagoda, *rest = fig.axes
    assert len(pagoda.patches) == 4  # one per floor
    for p, player in enumerate(state.players):
        tracks, garden = rest[2 * p], rest[2 * p + 1]
        bars: list[Any] = list(tracks.patches)
        assert [bar.get_width() for bar in bars] == player.track
        boxes: list[Any] = list(garden.patches)
        assert len([r for r in boxes if r.get_width() == 0.35]) == player.capacity  # storage: held and free
        assert len([r for r in boxes if r.get_height() == 0.5]) == len(player.panoramas)


def test_a_picture_shows_inline_in_a_notebook_by_itself() -> None:
    """Without pyplot's inline backend IPython shows an object through its `_repr_png_`."""
    picture = draw(GAMES["gods"](), 10)
    assert picture._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"  # type: ignore[attr-defined]


def test_png_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "state.png"
    assert main(["show", "--file", str(RECORDED / "gardens-playtest.json"), "--at", "40", "--png", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    assert capsys.readouterr().out.rstrip().endswith(f"(picture written to {png})")


def test_the_caprices_picture_keeps_the_hands_face_down_unless_hidden_is_asked_for() -> None:
    shown = GAMES["caprices"]()
    seq = (len(shown.events) - 1) // 2
    state = state_at(shown, seq)
    texts = lambda fig: [t.get_text() for ax in fig.axes for t in ax.texts]  # noqa: E731
    secret = draw(shown, seq, hidden=False)
    in_hands = sum(len(hand) for hand in state.hands)
    assert sum(1 for t in texts(secret) if t.endswith("\n?")) == in_hands  # one face-down card per card held
    assert not any(t.startswith("if the game ended now") for t in texts(secret))
    shown_all = draw(shown, seq, hidden=True)
    assert not any(t.endswith("\n?") for t in texts(shown_all))
    assert any(t.startswith("if the game ended now") for t in texts(shown_all))
