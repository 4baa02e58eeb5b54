"""Which assumptions matter: the paired what-ifs of the assumptions screens, read per assumed value.

`balance run` plays the study's `[[assumptions]]` screens and `balance assumptions --game G` one on demand:
for every `assumed` ruleset value with an alternative, the alternative against the ruleset as it is (an
experiment of kind `assumptions`, shared seeds, the study's strong play; `simulate.assumptions`). Here its
rows of `met_variant_diff` become, per assumption, the headline findings it moves beyond their minimum effect
(the study's flag rule), most consequential first, with what it does to each headline finding that bears on
its game even when nothing moved; the index shows them in their own section and beside each headline finding.

A screen is small, so it also says what it could not see: the smallest move it would flag on a headline's
figure (`Screened.smallest`), from the n and spread of its own pairs.
"""

from __future__ import annotations

from dataclasses import dataclass

import duckdb
import pandas as pd

from reports.kit.whatif import change_sentence, named_levels
from simulate.assumptions import KIND
from warehouse.display_names import Names
from warehouse.variant_metrics import METRICS

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
LEVELS_OF_HEADLINE = {  # headline question -> the levels of its metrics that are its figures (absent: every level)
    "Is the +30 slot too generous?": ("slot 1",),  # slot 1 is the +30 Caprice; slot 0 holds the common ones
}
WATCHED = {"gods": ("city_points",)}  # measures shown for every assumption of the game, moved or not
# (issue 28: cities carry a third of 4 Gods' points, so what each reading does to them is always said)


def metrics_of(question: str) -> tuple[str, ...]:
    return tuple(m for m, q in HEADLINE_OF_METRIC.items() if q == question)


def rows_of(question: str, rows: pd.DataFrame) -> pd.DataFrame:
    """The rows of `met_variant_diff` that are the question's figures: its metrics, at its levels."""
    mine = rows.metric.isin(metrics_of(question))
    levels = LEVELS_OF_HEADLINE.get(question)
    return rows[mine & rows.level.isin(levels)] if levels is not None else rows[mine]


def bears_on(question: str, game: str) -> bool:
    """Whether an assumption of `game` can move the headline `question`."""
    games = GAMES_OF_HEADLINE.get(question)
    return question in HEADLINE_OF_METRIC.values() and (games is None or game in games)


@dataclass(frozen=True)
class Effect:
    """One assumed value against its alternative: what moved beyond noise and the minimum that matters."""

    game: str
    variant: str  # in words: "cities.placement = no_tile_of_the_set_fits (assumed: no_visible_tile_fits)"
    change: str  # the override alone: "cities.placement = no_tile_of_the_set_fits"
    measures: int  # measures compared
    moved: pd.DataFrame  # the flagged rows of met_variant_diff, biggest first
    rows: pd.DataFrame  # every row of the variant

    @property
    def headlines(self) -> list[str]:
        """The headline questions it moves, in the order of `HEADLINE_OF_METRIC`."""
        return [q for q in dict.fromkeys(HEADLINE_OF_METRIC.values()) if not rows_of(q, self.moved).empty]

    @property
    def weight(self) -> tuple[int, float]:
        """How consequential: headline findings moved, then the summed size of the moves in minimum effects."""
        sizes = (self.moved["diff"].abs() / self.moved.min_effect.where(self.moved.min_effect > 0)).fillna(0)
        return len(self.headlines), float(sizes.sum())

    def summary(self) -> str:
        """'moves 2 headline findings (...)', 'moves no headline finding (...)' or 'moves nothing'."""
        if self.moved.empty:
            if not self.changed_any:
                return f"moves nothing (none of {self.measures} measures differed in any paired game)"
            return f"moves nothing (none of {self.measures} measures beyond noise and the minimum that matters)"
        theirs = {i for q in dict.fromkeys(HEADLINE_OF_METRIC.values()) for i in rows_of(q, self.moved).index}
        others = sorted({METRICS[m].title if m in METRICS else m
                         for m in self.moved.loc[~self.moved.index.isin(theirs)].metric})
        also = f"; also {', '.join(others)}" if others else ""
        if not self.headlines:
            return f"moves no headline finding ({', '.join(others)})"
        shown = "; ".join(q.rstrip("?") for q in self.headlines)
        return f"moves {len(self.headlines)} headline finding{'s' if len(self.headlines) > 1 else ''} ({shown}){also}"

    @property
    def changed_any(self) -> bool:
        """Whether any measure differed in any paired game (a reading the play never reaches changes none)."""
        return bool(((self.rows["diff"] != 0) | (self.rows.diff_hi > self.rows.diff_lo)).any())

    def sentences(self) -> list[str]:
        return [change_sentence(row) for row in self.moved.itertuples()]

    def unmoved(self) -> list[str]:
        """What it does to each headline finding of its game it does not move (its biggest change there, with its
        interval), and to the watched measures it does not move; nothing for a finding whose figures no paired
        game changed."""
        said = []
        for question in dict.fromkeys(HEADLINE_OF_METRIC.values()):
            if not bears_on(question, self.game) or question in self.headlines:
                continue
            rows = rows_of(question, self.rows[self.rows.diff_lo.notna()])
            if rows.empty or not ((rows["diff"] != 0) | (rows.diff_hi > rows.diff_lo)).any():
                continue  # no paired game changed its figures (or none has two pairs to read)
            size = (rows["diff"].abs() / rows.min_effect.where(rows.min_effect > 0)).fillna(0)
            biggest = next(rows.loc[[size.idxmax()]].itertuples())
            said.append(f"{question.rstrip('?')}: not moved; its biggest change: {change_sentence(biggest)}.")
        for metric in WATCHED.get(self.game, ()):
            overall = self.rows[(self.rows.metric == metric) & (self.rows.level_kind == "overall")
                                & (self.rows.level == "overall")]
            if len(overall) and not (self.moved.metric == metric).any():
                said.append(f"Not moved: {change_sentence(next(overall.itertuples()))}.")
        return said


def effects(diffs: pd.DataFrame) -> list[Effect]:
    """One Effect per variant of the rows of one assumptions experiment, most consequential first."""
    found = []
    for variant, rows in diffs.groupby("variant", sort=False):
        moved = rows[rows.flagged].copy()
        moved["size"] = moved["diff"].abs() / moved.min_effect.where(moved.min_effect > 0)
        moved = moved.sort_values("size", ascending=False, na_position="last").drop(columns="size")
        found.append(Effect(str(rows.game.iloc[0]), str(variant), str(rows.change.iloc[0]), len(rows), moved, rows))
    return sorted(found, key=lambda e: e.weight, reverse=True)


def smallest_flagged(rows: pd.DataFrame, family: int) -> float | None:
    """The smallest move a screen would flag on these rows' metric: a lone move among `family` tested rows must
    pass alpha/family (Holm's first step, and Benjamini-Hochberg's for a lone move) and the minimum that
    matters; the median over the rows whose pairs differ (a row whose pairs all agree has no spread to read),
    None when no row has one."""
    from scipy import stats

    needed = []
    for row in rows.itertuples():
        n = int(row.n)
        if n < 2 or family < 1 or not (row.diff_hi > row.diff_lo):
            continue
        se = (row.diff_hi - row.diff_lo) / (2 * stats.t.ppf(0.975, n - 1))
        needed.append(max(float(row.min_effect), float(stats.t.ppf(1 - row.alpha / (2 * family), n - 1) * se)))
    return float(pd.Series(needed).median()) if needed else None


def flag_words(rows: pd.DataFrame, value: float | None) -> str:
    """'would flag a lone move from ±41.0 percentage points', or that it could flag none ('' when unknown)."""
    if value is None:
        return ""
    metric = METRICS.get(str(rows.metric.iloc[0]))
    if metric is not None and metric.unit == "rate" and value >= 1:
        return "could flag no move of it (at this n not even one of 100 percentage points would pass)"
    return f"would flag a lone move from {metric.change(value).replace('+', '±') if metric else f'±{value:.3g}'}"


@dataclass(frozen=True)
class Screened:
    """One game and ruleset's latest assumptions experiment: its rows and how it was played."""

    label: str  # "gods", "gardens (gods-caprice)" when a game has more than one screened ruleset
    game: str
    rows: pd.DataFrame

    @property
    def play(self) -> str:
        return ", ".join(sorted(set(map(str, self.rows.play))))

    @property
    def games(self) -> int:
        """Paired games per arm (every player count)."""
        overall = self.rows[(self.rows.metric == "score") & (self.rows.level_kind == "overall")
                            & (self.rows.level == "overall")]
        return int(overall.n.max()) if len(overall) else int(self.rows.n.max())

    @property
    def players(self) -> str:
        return ", ".join(map(str, sorted({int(p) for p in self.rows.num_players.dropna()})))  # seat rows name theirs

    def described(self) -> str:
        """'caprices: 11 assumed values, strong self-play, 12 paired games at 3 players'."""
        values = self.rows.variant.nunique()
        return (f"{self.label}: {values} assumed value{'s' if values > 1 else ''}, {self.play} self-play, "
                f"{self.games:,} paired games at {self.players} players")

    def sees(self, question: str) -> str:
        """What the screen could see of the question's figures: 'would flag a lone move from ±...' (typical over
        its variants), or '' when none of its pairs differed there."""
        rows = rows_of(question, self.rows)
        if rows.empty:
            return ""
        families = self.rows.groupby("variant").p_value.count()
        return flag_words(rows, smallest_flagged(rows, int(families.median())))


def latest(con: duckdb.DuckDBPyConnection) -> dict[str, Screened]:
    """Per game and ruleset, its latest assumptions experiment (none when no screen ever ran)."""
    present = con.execute("select count(*) from information_schema.tables where table_name = 'met_variant_diff'")
    if not (present.fetchone() or (0,))[0]:
        return {}
    rows = con.execute("""
        select d.*, p.play, p.ruleset from met_variant_diff d
        left join (select run_id, any_value(agent_mix) as play, any_value(ruleset) as ruleset from fct_games
                   group by run_id) p
            on p.run_id = d.baseline_run
        where d.kind = ?""", [KIND]).df()
    if rows.empty:
        return {}
    rows = named_levels(rows, Names.from_warehouse(con)).assign(ruleset=rows.ruleset.fillna(""))
    started = rows.groupby(["game", "ruleset", "experiment"], as_index=False).created_at.min()
    newest = started.sort_values("created_at").groupby(["game", "ruleset"]).tail(1).sort_values(["game", "ruleset"])
    several = newest.game.value_counts()
    found = {}
    for r in newest.itertuples():
        label = f"{r.game} ({r.ruleset})" if several[r.game] > 1 else str(r.game)
        found[label] = Screened(label, str(r.game), rows[rows.experiment == r.experiment])
    return found


def moving(screens: dict[str, Screened], question: str) -> list[str]:
    """The assumed values (with their game) whose alternative moves the headline `question`."""
    return [f"{e.variant}, {s.label}" for s in screens.values() for e in effects(s.rows) if question in e.headlines]


def beside(screens: dict[str, Screened], question: str) -> str:
    """The sentence beside a headline finding: the assumed values that move it, or that none does, with what
    the screens could see."""
    games = GAMES_OF_HEADLINE.get(question)
    if question not in HEADLINE_OF_METRIC.values():
        return ""  # a question no what-if metric bears on (the latest what-ifs)
    tested = {label: s for label, s in screens.items() if games is None or s.game in games}
    untested = [g for g in (games or ()) if g not in {s.game for s in tested.values()}]
    if not tested:
        command = f"balance assumptions --game {(games or ('G',))[0]}"
        return f"Assumed values that move it: not measured yet (run `{command}`)."
    measured = {label: s for label, s in tested.items() if not rows_of(question, s.rows).empty}
    if not measured:
        return (f"Assumed values that move it: not screened; the assumptions screens play uniform self-play, where "
                f"its figure ({' or '.join(METRICS[m].title for m in metrics_of(question))} by agent) does not exist "
                f"({'; '.join(s.described() for s in tested.values())}).")
    moved = moving(measured, question)
    plays = "; ".join(s.described() + (f"; it {s.sees(question)}" if s.sees(question) else "")
                      for s in measured.values())
    answer = (f"Assumed values that move it: {'; '.join(moved)}" if moved
              else "Rests on no assumption that moves it")
    missing = f"; not screened for {', '.join(untested)}" if untested else ""
    return f"{answer} (screened: {plays}{missing})."

