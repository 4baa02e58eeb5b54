"""The JupyterLab stepping widget: a slider over the events that redraws the picture and the transcript."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import show
from show.widget import Stepper
from tests.show.test_transcript import GAMES


def test_slider_redraws_picture_and_transcript() -> None:
    game = GAMES["gods"]()
    stepper = Stepper(game, at=5)
    last = len(game.events) - 1
    assert (stepper.slider.min, stepper.slider.max, stepper.play.max) == (0, last, last)
    assert stepper.play.value == stepper.slider.value == 5  # jslink copies play into the slider when shown
    first_picture = stepper.picture.value
    assert first_picture[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"(stopped after event 5 of {last})" in stepper.text.value
    stepper.slider.value = 200  # what dragging the slider (or the play button) does
    assert stepper.picture.value != first_picture
    tail = transcript_tail(game, 200)
    assert f"(stopped after event 200 of {last})" in stepper.text.value and tail in stepper.text.value
    stepper.slider.value = last
    assert "Final scoring" in stepper.text.value and "stopped" not in stepper.text.value


def transcript_tail(game: show.ShownGame, at: int) -> str:
    """The last event told up to `at`, as the widget's HTML escapes it."""
    told = [line for line in show.transcript(game, at).splitlines() if re.match(r"\s+\d+  ", line)]
    return html.escape(told[-1])


def test_stepper_is_a_widget_box_for_every_game() -> None:
    for name, load in GAMES.items():
        box = show.stepper(load())
        assert type(box).__name__ == "VBox", name
        assert [type(child).__name__ for child in box.children] == ["HBox", "Image", "HTML"]


def test_jupyterlab_renders_widgets_without_a_build_step() -> None:
    """ipywidgets' JupyterLab 4 extension is installed prebuilt (a federated extension with its built bundle),
    so `jupyter lab` shows the widget with no `jupyter lab build`."""
    manager = Path(sys.prefix) / "share/jupyter/labextensions/@jupyter-widgets/jupyterlab-manager"
    package = json.loads((manager / "package.json").read_text(encoding="utf-8"))
    bundle = manager / package["jupyterlab"]["_build"]["load"]
    assert bundle.is_file() and bundle.stat().st_size > 1000
    assert package["dependencies"]["@jupyterlab/application"].startswith("^4")
