"""Stepping through a game in JupyterLab: a slider (with a play button) over the events that redraws the
picture of the state and the transcript's last lines.

ipywidgets 8 renders in JupyterLab 4 through the prebuilt `@jupyter-widgets/jupyterlab-manager`
extension that the `jupyterlab_widgets` package installs: no `jupyter lab build` step.
The picture is sent as PNG bytes to an `Image` widget, the transcript as an `HTML` <pre>, so nothing
depends on the notebook's matplotlib backend. Each position is folded from the start (a few
milliseconds for a whole game; the picture costs more than the replay).
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets

from show.pictures import draw_state
from show.source import ShownGame
from show.story import check_at, state_at, transcript

TAIL_LINES = 30
"""How much of the transcript the widget shows above the slider's position."""


class Stepper:
    """The widget and what it redraws; `show(seq)` is what moving the slider calls."""

    def __init__(self, game: ShownGame, at: int | None = None) -> None:
        self.game = game
        last = len(game.events) - 1
        self.slider = widgets.IntSlider(value=check_at(game, at), min=0, max=last, description="event",
                                        continuous_update=False, layout=widgets.Layout(width="70%"))
        # the Play widget starts where the slider is: the link copies its value into the slider on display
        self.play = widgets.Play(value=self.slider.value, min=0, max=last, step=1, interval=600, description="play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.picture = widgets.Image(format="png")
        self.text = widgets.HTML()
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.play, self.slider]), self.picture, self.text])
        self.show(self.slider.value)

    def show(self, seq: int) -> None:
        """Redraw the picture and the transcript after event `seq`."""
        buffer = io.BytesIO()
        draw_state(self.game, state_at(self.game, seq), seq).savefig(buffer, format="png", dpi=80)
        self.picture.value = buffer.getvalue()
        lines = transcript(self.game, seq).rstrip("\n").splitlines()
        shown = lines[-TAIL_LINES:]
        self.text.value = (f"<pre style='font-size: 11px; line-height: 1.25'>{html.escape(chr(10).join(shown))}"
                           "</pre>")
