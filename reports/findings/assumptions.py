"""Which assumptions matter: the paired what-ifs of `balance assumptions`, read per assumed value.

`balance assumptions --game G` plays, for every `assumed` ruleset value with an
alternative, the alternative against the ruleset as it is (one experiment of
kind `assumptions`, shared seeds, the study's strongest play). Here its rows
of `met_variant_diff` become, per assumption, the headline findings it moves
beyond their minimum effect (the study's flag rule), most consequential first;
the index shows them in their own section and beside each headline finding.
"""

from __future__ import annotations

from dataclasses import dataclass

import duckdb
import pandas as pd

from reports.kit.whatif import change_sentence
from warehouse.variant_metrics import METRICS

KIND = "assumptions"
HEADLINE_OF_METRIC = {  # what-if metric -> the headline question (reports.findings.headlines) it bears on
    "seat_win_rate": "Is the first seat favoured?",
    "caprice_hit_rate": "Which Caprices are too easy or too hard?",
    "slot_hit_rate": "Is the +30 slot too generous?",
    "slot_win_share": "Is the +30 slot too generous?",
    "tile_take_rate": "Which bonus tile is worth most?",
    "agent_win_rate": "Does speed decide 4 Gods?",
    "god_win_rate": "Which god is strongest?",
}
GAMES_OF_HEADLINE = {  # headline question -> the games whose assumptions can move it (absent: every game)
    "Which Caprices are too easy or too hard?": ("caprices",),
    "Is the +30 slot too generous?": ("caprices",),
    "Which bonus tile is worth most?": ("gardens",),
    "Does speed decide 4 Gods?": ("gods",),
    "Which god is strongest?": ("gods",),
}


@dataclass(frozen=True)
class Effect:
    """One assumed value against its alternative: what moved beyond noise and the minimum that matters."""

    game: str
    variant: str  # in words: "cities.placement = no_tile_of_the_set_fits (assumed: no_visible_tile_fits)"
    change: str  # the override alone: "cities.placement = no_tile_of_the_set_fits"
    measures: int  # measures compared
    moved: pd.DataFrame  # the flagged rows of met_variant_diff, biggest first

    @property
    def headlines(self) -> list[str]:
        """The headline questions it moves, in the order of `HEADLINE_OF_METRIC`."""
        metrics = set(self.moved.metric)
        return list(dict.fromkeys(q for m, q in HEADLINE_OF_METRIC.items() if m in metrics))

    @property
    def weight(self) -> tuple[int, float]:
        """How consequential: headline findings moved, then the summed size of the moves in minimum effects."""
        sizes = (self.moved["diff"].abs() / self.moved.min_effect.where(self.moved.min_effect > 0)).fillna(0)
        return len(self.headlines), float(sizes.sum())

    def summary(self) -> str:
        """'moves 2 headline findings (...)', 'moves no headline finding (...)' or 'moves nothing'."""
        if self.moved.empty:
            return f"moves nothing (none of {self.measures} measures beyond noise and the minimum that matters)"
        others = sorted({METRICS[m].title if m in METRICS else m for m in self.moved.metric
                         if m not in HEADLINE_OF_METRIC})
        also = f"; also {', '.join(others)}" if others else ""
        if not self.headlines:
            return f"moves no headline finding ({', '.join(others)})"
        shown = "; ".join(q.rstrip("?") for q in self.headlines)
        return f"moves {len(self.headlines)} headline finding{'s' if len(self.headlines) > 1 else ''} ({shown}){also}"

    def sentences(self) -> list[str]:
        return [change_sentence(row) for row in self.moved.itertuples()]


def effects(diffs: pd.DataFrame) -> list[Effect]:
    """One Effect per variant of the rows of one assumptions experiment, most consequential first."""
    found = []
    for variant, rows in diffs.groupby("variant", sort=False):
        moved = rows[rows.flagged].copy()
        moved["size"] = moved["diff"].abs() / moved.min_effect.where(moved.min_effect > 0)
        moved = moved.sort_values("size", ascending=False, na_position="last").drop(columns="size")
        found.append(Effect(str(rows.game.iloc[0]), str(variant), str(rows.change.iloc[0]), len(rows), moved))
    return sorted(found, key=lambda e: e.weight, reverse=True)


def latest(con: duckdb.DuckDBPyConnection) -> dict[str, pd.DataFrame]:
    """Per game, the rows of its latest assumptions experiment (none when `balance assumptions` never ran)."""
    present = con.execute("select count(*) from information_schema.tables where table_name = 'met_variant_diff'")
    if not (present.fetchone() or (0,))[0]:
        return {}
    rows = con.execute("""
        select d.*, p.play from met_variant_diff d
        left join (select run_id, any_value(lineup) as play from fct_games group by run_id) p
            on p.run_id = d.baseline_run
        where d.kind = ?""", [KIND]).df()
    if rows.empty:
        return {}
    started = rows.groupby(["game", "experiment"], as_index=False).created_at.min()
    newest = started.sort_values("created_at").groupby("game").tail(1)
    return {str(r.game): rows[rows.experiment == r.experiment] for r in newest.sort_values("game").itertuples()}


def moving(per_game: dict[str, pd.DataFrame], question: str) -> list[str]:
    """The assumed values (with their game) whose alternative moves the headline `question`."""
    return [f"{e.variant}, {game}" for game, rows in per_game.items() for e in effects(rows)
            if question in e.headlines]


def beside(per_game: dict[str, pd.DataFrame], question: str) -> str:
    """The sentence beside a headline finding: the assumed values that move it, or that none does."""
    games = GAMES_OF_HEADLINE.get(question)
    if games is None and question not in HEADLINE_OF_METRIC.values():
        return ""  # a question no what-if metric bears on (the latest what-ifs)
    tested = {g: rows for g, rows in per_game.items() if games is None or g in games}
    untested = [g for g in (games or ()) if g not in tested]
    if not tested:
        command = f"balance assumptions --game {(games or ('G',))[0]}"
        return f"Assumed values that move it: not measured yet (run `{command}`)."
    moved = moving(tested, question)
    plays = ", ".join(f"{g}: {', '.join(sorted(set(map(str, rows.play))))} play, {_games(rows)} paired games"
                      for g, rows in tested.items())
    answer = (f"Assumed values that move it: {'; '.join(moved)}" if moved
              else "Rests on no assumption that moves it")
    missing = f"; not tested for {', '.join(untested)}" if untested else ""
    return f"{answer} ({plays}{missing})."


def _games(rows: pd.DataFrame) -> int:
    overall = rows[(rows.metric == "score") & (rows.level_kind == "overall") & (rows.level == "overall")]
    return int(overall.n.max()) if len(overall) else int(rows.n.max())
