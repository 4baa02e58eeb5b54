"""The index's "Which assumptions matter" section: per screened game and ruleset, every assumed value against
its alternative, most consequential first, with what it moves or "moves nothing", what it does to each headline
finding of its game, and the smallest move the screen would flag (reports.findings.assumptions)."""

from __future__ import annotations

from reports.findings.assumptions import HEADLINE_OF_METRIC, Screened, bears_on, effects
from reports.kit.words import count
from reports.page import escape

MAX_SENTENCES = 8  # moved measures listed per assumption; the screen's page lists them all


def assumptions_effect_section(screens: dict[str, Screened], pages: frozenset[str] = frozenset()) -> str:
    """The section; `pages` holds the site's page files, so a screen links its every-measure page when written."""
    if not screens:
        return ("<p class='pending'>Not measured yet: add an <code>[[assumptions]]</code> entry to the study and run "
                "<code>balance run</code>, or run <code>balance assumptions --game G</code> (one paired what-if per "
                "assumed value with an alternative, under the study's strong play), then "
                "<code>balance report</code>.</p>")
    parts = [_screen(screen, pages) for screen in screens.values()]
    return ("<section id='assumptions-that-matter'><p>Each assumed ruleset value with an alternative, played "
            "against that alternative on shared seeds (game k of both arms dealt alike) at the study's strong "
            "play; a move counts when it is beyond noise after the study's correction and at least the minimum "
            "that matters. A screen is small: it sees large moves only, and under each game it says the smallest "
            "move of each headline figure it would flag.</p>" + "".join(parts) + "</section>")


def _screen(screen: Screened, pages: frozenset[str]) -> str:
    experiment = str(screen.rows.experiment.iloc[0])
    page = f"compare-{experiment}.html"
    link = f", <a href='{escape(page)}'>every measure</a>" if page in pages else ""
    items = "".join(
        f"<li><strong>{escape(e.variant)}</strong>: {escape(e.summary())}<ul>"
        + "".join(f"<li>{escape(s)}.</li>" for s in e.sentences()[:MAX_SENTENCES])
        + "".join(f"<li>{escape(s)}</li>" for s in e.unmoved()) + "</ul></li>"
        for e in effects(screen.rows))
    questions = [q for q in dict.fromkeys(HEADLINE_OF_METRIC.values()) if bears_on(q, screen.game)]
    limits = [f"{q} It {screen.sees(q)}." for q in questions if screen.sees(q)]
    sees = f"<p class='note'>What it can see: {escape(' '.join(limits))}</p>" if limits else ""
    return (f"<h3>{escape(screen.label)}: {escape(screen.play)} self-play, {count(screen.games)} paired games per "
            f"arm at {escape(screen.players)} players (experiment {escape(experiment)}{link})</h3>{sees}"
            f"<ol>{items}</ol>")

