"""Verdicts in the designer's words: one sentence per cell, the same on the index, the cards and the game pages."""

from __future__ import annotations

import html
import re
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from reports.findings.headlines import first_seat
from reports.kit.notebook import play_lineups, strongest_play
from reports.kit.verdicts import decided_counts, lead_markdown, sentence, verdicts_section
from warehouse.display_names import Names

pytestmark = pytest.mark.xdist_group("report_study")

NAMES = Names({("game", "caprices"): "Les caprices du roi"})
BASE = {"game": "caprices", "finding": "seat_win_rate", "ruleset": "standard", "reference": 0.5,
        "min_effect": 0.02, "family_cells": 2, "alpha_cell": 0.025, "effect_at_least": None, "games_to_decide": None,
        "more_games": None, "games_if_fair": 9728, "seconds_per_game": 0.5, "minutes_to_decide": None,
        "method": "beta-binomial mixture", "num_players": 2}
ROWS = [
    {**BASE, "item": "1", "agent_mix": "ismcts", "n": 1840, "estimate": 0.505, "cs_lo": 0.483, "cs_hi": 0.518,
     "verdict": "fair"},
    {**BASE, "item": "2", "agent_mix": "ismcts", "n": 1840, "estimate": 0.495, "cs_lo": 0.482, "cs_hi": 0.517,
     "verdict": "fair"},
    {**BASE, "item": "1", "agent_mix": "greedy", "n": 3000, "estimate": 0.529, "cs_lo": 0.505, "cs_hi": 0.553,
     "verdict": "tilted", "effect_at_least": 0.005},
    {**BASE, "item": "2", "agent_mix": "greedy", "n": 3000, "estimate": 0.471, "cs_lo": 0.447, "cs_hi": 0.495,
     "verdict": "undecided", "games_to_decide": 4200, "more_games": 1200, "minutes_to_decide": 10.0},
]


def _row(index: int) -> pd.Series:
    return pd.DataFrame(ROWS).iloc[index]


def test_each_verdict_reads_as_a_sentence_with_its_play_games_interval_and_minimum() -> None:
    frame = pd.DataFrame(ROWS)
    fair, tilted, undecided = (next(frame.iloc[[i]].itertuples()) for i in (0, 2, 3))
    assert sentence(fair, NAMES) == ("Les caprices du roi seat 1 at 2 players is fair within ±2.0 points "
                                     "(50.5%, 48.3%–51.8%; under ismcts self-play, 1,840 games)")
    assert sentence(tilted, NAMES) == ("Les caprices du roi seat 1 at 2 players is tilted: 52.9% (50.5%–55.3%), "
                                       "at least 0.5 points above 50.0% (under greedy self-play, 3,000 games)")
    assert sentence(undecided, NAMES).endswith(
        "about 1,200 more games would decide it if the estimate held, about 10 minutes on this machine; "
        "a fair one needs about 9,728 in all")


def test_the_index_section_counts_every_strength_and_keeps_every_cell_a_click_away() -> None:
    con = duckdb.connect()
    con.register("rows", pd.DataFrame(ROWS))
    con.execute("create table met_verdicts as select * from rows")
    text = html.unescape(re.sub("<[^>]+>", " ", verdicts_section(con, NAMES)))
    assert "ismcts self-play : 0 tilted, 2 fair, 0 undecided of 2 cells" in text
    assert "greedy self-play : 1 tilted, 0 fair, 1 undecided of 2 cells" in text
    assert text.index("ismcts self-play") < text.index("greedy self-play")  # the strongest play first
    assert "Every cell at every strength (4)" in text
    lead = lead_markdown(pd.DataFrame(ROWS), NAMES)
    assert "under ismcts self-play: 0 tilted, 2 fair, 0 undecided of 2 cells" in lead and "greedy" not in lead


def test_the_seat_card_tells_the_verdicts_truth_not_the_whole_table_flags(study: Path) -> None:
    """The card leads with the verdict table's sentence (the tiny study plays random self-play only)."""
    warehouse = study / "wh.duckdb"
    with duckdb.connect(str(warehouse), read_only=True) as con:
        names = Names.from_warehouse(con)
        card = first_seat(con, names)
        strongest = con.execute("select * from met_verdicts where finding = 'seat_win_rate' "
                                "and agent_mix = 'random' and item = '1' order by num_players").df()
    assert len(strongest) and card.answer.startswith(sentence(next(strongest.itertuples()), names))
    index = html.unescape((study / "reports" / "index.html").read_text())
    assert "Tilted, fair or undecided: every headline cell" in index
    assert index.index("Tilted, fair or undecided") < index.index("Where to look")
    overview = html.unescape((study / "reports" / "overview.html").read_text())
    assert "The answers: tilted, fair or undecided" in overview and "undecided of" in overview
    assert any(line.startswith("headline cells decided under random play: ") for line in decided_counts(warehouse))


def test_the_search_line_up_with_the_most_games_leads_a_larger_budget_on_a_sample_does_not() -> None:
    """The study's 4x sample (ismcts:800, 20 games at 2 players) is a strength check, not the headline play."""
    frame = pd.DataFrame({"agent_mix": ["strong"] * 4 + ["ismcts:800", "greedy", "random"],
                          "n": [45, 45, 45, 45, 20, 200, 2500]})
    assert play_lineups(frame) == ["strong", "ismcts:800", "greedy", "random"]
    assert set(strongest_play(frame).agent_mix) == {"strong"}


def test_a_tilted_cell_says_what_to_expect_on_fresh_games_from_its_shrunk_estimate() -> None:
    row = next(pd.DataFrame([{**ROWS[2], "shrunk_estimate": 0.512, "family_cells": 14}]).itertuples())
    assert sentence(row, NAMES).endswith("(under greedy self-play, 3,000 games); expect about 51.2% on fresh games "
                                         "(its estimate shrunk over the 14 cells of its family, empirical Bayes)")


def test_a_seat_of_a_games_other_ruleset_names_it_so_two_rulesets_never_read_alike() -> None:
    names = Names({("game", "gardens"): "Four Gardens", ("ruleset", "gods-caprice"): "The God's Caprice"})
    rows = pd.DataFrame([{**ROWS[0], "game": "gardens", "ruleset": ruleset} for ruleset in ("base", "gods-caprice")])
    base, caprice = (sentence(r, names) for r in rows.itertuples())
    assert base.startswith("Four Gardens seat 1 at 2 players is fair")
    assert caprice.startswith("Four Gardens (The God's Caprice) seat 1 at 2 players is fair")
