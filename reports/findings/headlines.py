"""The index's headline findings: one small function per question, each reading the warehouse.

A finding answers in plain sentences with its numbers and 95% intervals, draws
one small chart, says where the detail is, and carries the robustness label
(robust / agent-dependent / not shown) when the warehouse has one. When its
source is not in the warehouse it says "not measured yet" and why; it never
invents a number. Add a question by writing a function and listing it in
`QUESTIONS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import duckdb
import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from reports.findings import examples
from reports.findings.examples import Change, Example
from reports.findings.play import headline_play, mix_of, play_name, play_prefix
from reports.findings.robustness import Cell, Robustness, robustness
from reports.kit import charts
from reports.kit.verdicts import counts_line, other_ruleset, read_verdicts, sentence, strongest
from reports.kit.whatif import change_sentence, level_words, named_levels
from reports.kit.whatif_charts import ranked
from reports.kit.words import agents_words, count, pct, points, rate_ci, value_ci
from warehouse.display_names import Names
from warehouse.findings import speed_item
from warehouse.variant_metrics import METRICS, Metric


@dataclass(frozen=True)
class Finding:
    """One headline: the question, the answer in sentences, a chart, its label and where the detail is."""

    question: str
    answer: str = ""
    chart: str = ""
    label: Robustness | None = None  # robust / agent-dependent / not shown and why; None = not labelled yet
    detail: str = ""  # page (and anchor) with the full section
    pending: str | None = None  # why it is not measured yet
    examples: tuple[Example, ...] = ()  # games that show it, each replayed by `balance show`

    @property
    def measured(self) -> bool:
        return self.pending is None


NO_SELF_PLAY = "no greedy or search self-play of {game} in this warehouse"
Question = Callable[[duckdb.DuckDBPyConnection, Names], Finding]


def has_table(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    found = con.execute("select count(*) from information_schema.tables where table_name = ?", [name]).fetchone()
    return bool(found and found[0])


def read(con: duckdb.DuckDBPyConnection, sql: str) -> pd.DataFrame:
    return con.execute(sql).df()


def first_seat(con: duckdb.DuckDBPyConnection, names: Names) -> Finding:
    question = "Is the first seat favoured?"
    if not has_table(con, "met_seat_advantage"):
        return Finding(question, pending="no uniform line-ups in this warehouse")
    seats = headline_play(read(con, "select * from met_seat_advantage order by game, ruleset, num_players, seat"))
    first = seats[seats.seat == 0].reset_index(drop=True)
    if first.empty:
        return Finding(question, pending="no uniform line-ups in this warehouse")
    decided = strongest(read_verdicts(con, "finding = 'seat_win_rate'"))
    shown: list[Example] = []
    for game, rows in first.groupby("game", sort=False):
        widest = rows.loc[(rows.win_rate - rows.reference).abs().idxmax()]
        shown += examples.seat_one_wins(con, str(game), int(widest.num_players), mix_of(rows))[:1]
    seat_one = decided[decided["item"] == "1"]
    parts = ["; ".join(sentence(r, names) for r in group.itertuples()) + "."
             for _, group in seat_one.groupby(["game", "ruleset"], sort=False)]
    tilted = decided[decided.verdict == "tilted"]
    verdict = ("Look at: " + "; ".join(sentence(r, names) for r in tilted.itertuples()) + "." if len(tilted) else
               f"No seat is tilted under the strongest play ({counts_line(decided)} seat cells)." if len(decided)
               else "No verdicts in this warehouse yet.")
    labels = [f"{names.game(r.game)[:12]}{_short(other_ruleset(names, r))} {r.num_players}p"
              for r in first.itertuples()]
    fig = charts.difference_chart(labels, first, "win_rate", "win_lo", "win_hi", "reference", size=(6.2, 2.6),
                                  ylabel="seat 1 win rate minus\nfair share (points)", reference_label="fair share 1/P")
    fig.axes[0].tick_params(axis="x", labelrotation=30, labelsize=7)
    cells = ([(r.game, int(r.num_players), str(r["item"])) for _, r in tilted.iterrows()] if len(tilted) else
             [(r.game, int(r.num_players), str(int(r.seat) + 1)) for r in first.itertuples()])
    return Finding(question, " ".join(parts) + " " + verdict, charts.image(fig, "seat 1 win rate against fair share"),
                   robustness(con, "seat_win_rate", names, cells), "overview.html#Is-any-seat-favoured,-in-any-game?",
                   examples=tuple(shown))


def _short(other: str) -> str:
    """' (The God's Caprice)' as a chart label's tail: ', The God's Capr'."""
    return f", {other.strip(' ()')[:14]}" if other else ""


def caprices_too_easy_or_hard(con: duckdb.DuckDBPyConnection, names: Names) -> Finding:
    question = "Which Caprices are too easy or too hard?"
    if not has_table(con, "met_caprice_hit_rate"):
        return Finding(question, pending="no Les caprices du roi games in this warehouse")
    hits = headline_play(read(con, "select * from met_caprice_hit_rate where dimension = 'overall' and not is_common "
                                   "order by hit_rate desc")).reset_index(drop=True)
    if hits.empty:  # e.g. only mixed line-ups (random against greedy): no one kind of play to headline
        return Finding(question, pending=NO_SELF_PLAY.format(game=names.game("caprices")))
    pooled = float(hits.reference.dropna().iloc[0])
    easy, hard = hits[hits.flagged & (hits.hit_rate > pooled)], hits[hits.flagged & (hits.hit_rate < pooled)]

    def listed(rows: pd.DataFrame) -> str:
        return ", ".join(f"{names('caprices', r.caprice_id)} {rate_ci(r.hit_rate, r.hit_lo, r.hit_hi)}"
                         for r in rows.itertuples()) or "none"

    answer = (f"{play_prefix(hits)}A face-down Caprice is met in {pct(pooled)} of the player-games it is in "
              f"play (pooled over {len(hits)} Caprices, n = {count(hits.n.min())}–{count(hits.n.max())} "
              "player-games each). "
              f"Too easy (at least {_min_effect(con, 'met_caprice_hit_rate')} above, beyond noise): {listed(easy)}. "
              f"Too hard: {listed(hard.iloc[::-1])}.")
    fig, ax = plt.subplots(figsize=(6.2, 0.17 * len(hits) + 1.1))
    charts.interval_bars(ax, [names("caprices", c) for c in hits.caprice_id], hits.hit_rate, hits.hit_lo,
                         hits.hit_hi, flagged=hits.flagged, horizontal=True, scale=100)
    handles = [charts.reference_line(ax, 100 * pooled, f"pooled face-down rate {pct(pooled)}", horizontal=True),
               charts.look_handle()]
    ax.set_xlabel("hit rate (% of player-games)")
    ax.tick_params(axis="y", labelsize=7)
    charts.legend_below(fig, handles, 2)
    named = pd.concat([easy, hard]) if len(easy) + len(hard) else hits
    cells = [("caprices", 0, str(c)) for c in named.caprice_id]
    hardest_first = [*hard.caprice_id[::-1], *hits.caprice_id[::-1]]  # the flagged too-hard ones, then by hit rate
    shown: tuple[Example, ...] = ()
    for caprice in dict.fromkeys(hardest_first):  # the hardest ones met at all, up to three games
        met = examples.caprice_met(con, caprice, names("caprices", caprice), mix_of(hits))
        shown = (shown + met)[:examples.EXAMPLES]
        if len(shown) == examples.EXAMPLES:
            break
    return Finding(question, answer, charts.image(fig, "Caprice hit rates"),
                   robustness(con, "caprice_hit_rate", names, cells),
                   "caprices.html#Which-Caprices-are-met,-and-how-often?", examples=shown)


def plus_thirty_slot(con: duckdb.DuckDBPyConnection, names: Names) -> Finding:
    question = "Is the +30 slot too generous?"
    if not has_table(con, "met_caprice_slot_hit_rate"):
        return Finding(question, pending="no Les caprices du roi games in this warehouse")
    slots = headline_play(read(con, "select * from met_caprice_slot_hit_rate where num_players <> 'all' "
                                    "and reference is not null order by num_players, slot"))
    if slots.empty:
        return Finding(question, pending=NO_SELF_PLAY.format(game=names.game("caprices")))
    top = slots[slots.slot == slots.slot.min()].reset_index(drop=True)
    flagged = top[top.flagged]
    cells = "; ".join(f"{r.num_players} players {rate_ci(r.hit_rate, r.hit_lo, r.hit_hi)} vs {pct(r.reference)} "
                      f"pooled, paying {r.points_mean:.1f} points per player-game" for r in top.itertuples())
    verdict = (f"It is met no more often than a typical Caprice by {_min_effect(con, 'met_caprice_slot_hit_rate')} "
               "or more at any player count, so its generosity is the token's size, not an easy card."
               if flagged.empty else
               "Beyond noise and big enough to matter at " + ", ".join(f"{r.num_players} players"
                                                                        for r in flagged.itertuples()) + ".")
    answer = f"{play_prefix(top)}The Caprice in the {top.slot_label.iloc[0]} slot is met at {cells}. {verdict}"
    fig = charts.difference_chart([f"{p} players" for p in top.num_players], top, "hit_rate", "hit_lo", "hit_hi",
                                  "reference", ylabel="+30 slot hit rate minus\npooled rate (points)",
                                  reference_label="pooled face-down rate")
    named = flagged if len(flagged) else top
    keys: list[Cell] = [("caprices", int(r.num_players), str(r.slot_label)) for r in named.itertuples()]
    widest = named.loc[(named.hit_rate - named.reference).idxmax()]
    return Finding(question, answer, charts.image(fig, "+30 slot hit rate against the pooled rate"),
                   robustness(con, "caprice_slot_hit_rate", names, keys), "caprices.html#Is-the-+30-slot-too-generous?",
                   examples=examples.thirty_met_by_winner(con, int(widest.slot), int(widest.num_players), mix_of(top)))


def best_bonus_tile(con: duckdb.DuckDBPyConnection, names: Names) -> Finding:
    question = "Which bonus tile is worth most?"
    if not has_table(con, "met_gardens_bonus_tiles"):
        return Finding(question, pending="no Four Gardens games in this warehouse")
    observed = per_ruleset(read(con, "select * from met_gardens_bonus_tiles order by ruleset, score_diff desc"))
    if observed.empty:
        return Finding(question, pending=NO_SELF_PLAY.format(game=names.game("gardens")))
    causal = per_ruleset(read(con, "select * from met_gardens_tile_contrasts order by ruleset, score_diff desc")
                         if has_table(con, "met_gardens_tile_contrasts") else pd.DataFrame(columns=["ruleset"]))
    owning = per_ruleset(read(con, "select * from met_gardens_tile_owning order by ruleset, score_diff desc")
                         if has_table(con, "met_gardens_tile_owning") else pd.DataFrame(columns=["ruleset"]))
    sentences = [_tile_sentence(names, ruleset, rows, causal[causal.ruleset == ruleset],
                                owning[owning.ruleset == ruleset])
                 for ruleset, rows in observed.groupby("ruleset", sort=False)]
    base = observed[observed.ruleset == observed.ruleset.iloc[0]].sort_values("score_diff")
    fig, ax = plt.subplots(figsize=(6.2, 0.28 * len(base) + 1.2))
    charts.interval_bars(ax, [names("tiles", t) for t in base.tile], base.score_diff, base.score_diff_lo,
                         base.score_diff_hi, flagged=base.flagged, horizontal=True)
    handles: list[Line2D | Patch] = [charts.reference_line(ax, 0, "no difference", horizontal=True)]
    if base.flagged.any():
        handles.append(charts.look_handle())
    ax.set_xlabel(f"{names.ruleset(base.ruleset.iloc[0])}: takers' final score minus others' (points, observed)")
    charts.legend_below(fig, handles, 2)
    cells = [("gardens", 0, f"{ruleset}: {rows.tile.iloc[0]}") for ruleset, rows in observed.groupby("ruleset")]
    best = observed.iloc[0]
    return Finding(question, " ".join(sentences), charts.image(fig, "bonus tile values"),
                   robustness(con, "tile_value", names, cells), "gardens.html#Which-bonus-tile-is-worth-the-most?",
                   examples=examples.tile_taker_wins(con, best.ruleset, best.tile, names("tiles", best.tile),
                                                     mix_of(observed)))


def per_ruleset(frame: pd.DataFrame) -> pd.DataFrame:
    """`headline_play` per ruleset: each ruleset's own strongest play (one may have search rows the other lacks)."""
    if frame.empty or "ruleset" not in frame.columns:
        return headline_play(frame)
    parts = [headline_play(rows) for _, rows in frame.groupby("ruleset", sort=False)]
    return pd.concat(parts) if parts else frame


def _tile_sentence(names: Names, ruleset: str, observed: pd.DataFrame, causal: pd.DataFrame,
                   owning: pd.DataFrame) -> str:
    """One ruleset's best tile by each measure, each with its own play, and whether the measures agree."""
    best = observed.iloc[0]
    bests = {"observed": best.tile}
    text = (f"{names.ruleset(ruleset)}: by takers' final scores ({play_name(best.agent_mix)}, observed) the best "
            f"tile is {names('tiles', best.tile)}, "
            f"{value_ci(best.score_diff, best.score_diff_lo, best.score_diff_hi, signed=True)} points above other "
            f"completers (n = {count(best.k)} takers)")
    if len(causal):
        top = causal.iloc[0]
        bests["causal"] = top.tile
        text += (f"; by choosing it at the same decision (causal; {agents_words(top.agents)} agents, "
                 f"{top.num_players} players, {count(top.decisions)} decisions) it is {names('tiles', top.tile)}, "
                 f"{value_ci(top.score_diff, top.score_lo, top.score_hi, 2, signed=True)} points over "
                 f"{names('tiles', top.instead_of)}")
    else:
        text += "; its causal value is not measured yet (no tile-value run for this ruleset)"
    if len(owning):
        top = owning.iloc[0]
        bests["owning"] = top.tile
        text += (f"; by always taking it when offered ({agents_words(top.agents)} agents, {count(top.pairs)} paired "
                 f"deals) it is {names('tiles', top.tile)}, "
                 f"{value_ci(top.score_diff, top.score_lo, top.score_hi, 2, signed=True)} points over never")
    if len(set(bests.values())) > 1:
        text += (". The measures name different tiles: the causal one compares choices at the same decision and is "
                 "the one to read; the observed one mixes in who gets to take a tile")
    return text + "."


def speed_decides(con: duckdb.DuckDBPyConnection, names: Names) -> Finding:
    question = "Does speed decide 4 Gods?"
    if not has_table(con, "met_gods_speed"):
        return Finding(question, pending="no 4 Gods games in this warehouse")
    speed = read(con, "select * from met_gods_speed where matchup = 'greedy vs greedy-fast' and pace = 'greedy-fast' "
                      "order by num_players")
    if speed.empty:
        return Finding(question, pending="no greedy against greedy-fast games (the speed line-up) in this warehouse")
    speed["where"] = [f"{r.num_players} players" + (f" (pace ×{r.relative_pace:.2f})"
                                                    if (speed.num_players == r.num_players).sum() > 1 else "")
                      for r in speed.itertuples()]
    cells = "; ".join(f"at {r.where} {rate_ci(r.win_rate, r.win_lo, r.win_hi)} vs fair {pct(r.reference)} "
                      f"({points(r.win_rate - r.reference, 0)})" for r in speed.itertuples())
    looks = sorted({f"{p} players" for p in speed[speed.flagged].num_players})
    answer = (f"The same greedy agent thinking 20% faster wins {cells}. "
              + (f"Speed is worth a look at {', '.join(looks)}." if looks
                 else "No player count shows a speed effect big enough to matter."))
    fig = charts.difference_chart(list(speed["where"]), speed, "win_rate", "win_lo", "win_hi", "reference",
                                  ylabel="faster side's win rate minus\nfair share (points)",
                                  reference_label="fair share 1/P")
    faster: list[Cell] = [("gods", int(r.num_players), speed_item(r.relative_pace)) for r in speed.itertuples()]
    biggest = speed.loc[(speed.win_rate - speed.reference).idxmax()]
    return Finding(question, answer, charts.image(fig, "speed effect"), robustness(con, "speed_effect", names, faster),
                   "gods.html#How-much-does-being-20%-faster-matter?",
                   examples=examples.faster_wins(con, int(biggest.num_players)))


def strongest_god(con: duckdb.DuckDBPyConnection, names: Names) -> Finding:
    question = "Which god is strongest?"
    if not has_table(con, "met_gods_god_win_rate"):
        return Finding(question, pending="no 4 Gods games in this warehouse")
    gods = headline_play(read(con, "select * from met_gods_god_win_rate where num_players = 'all' and god <> 'none' "
                                   "order by win_rate desc")).reset_index(drop=True)
    if gods.empty:
        return Finding(question, pending=NO_SELF_PLAY.format(game=names.game("gods")))
    best, worst = gods.iloc[0], gods.iloc[-1]
    answer = (f"{play_prefix(gods)}The holder of the {names('landscapes', best.god)} god wins "
              f"{rate_ci(best.win_rate, best.win_lo, best.win_hi)} of player-games (fair share {pct(best.reference)}, "
              f"n = {count(best.n)}); the {names('landscapes', worst.god)} god's holder "
              f"{rate_ci(worst.win_rate, worst.win_lo, worst.win_hi)} (fair {pct(worst.reference)}). "
              f"Gods to look at: {', '.join(names('landscapes', g) for g in gods[gods.flagged].god) or 'none'}.")
    fig = charts.difference_chart([names("landscapes", g) for g in gods.god], gods, "win_rate", "win_lo", "win_hi",
                                  "reference", ylabel="holder's win rate minus\nfair share (points)",
                                  reference_label="fair share")
    named = gods[gods.flagged] if gods.flagged.any() else gods
    cells = [("gods", 0, str(g)) for g in named.god]
    return Finding(question, answer, charts.image(fig, "win rate by god"),
                   robustness(con, "god_win_rate", names, cells),
                   "gods.html#Which-god-wins,-and-does-claiming-early-pay?",
                   examples=examples.god_holder_wins(con, best.god, names("landscapes", best.god), mix_of(gods)))


def what_if(con: duckdb.DuckDBPyConnection, names: Names) -> Finding:
    question = "What changed in the latest what-if comparisons?"
    if not has_table(con, "met_variant_diff"):
        return Finding(question, pending="no what-if comparison in this warehouse: `balance compare` plays a "
                                         "variant ruleset against the baseline on shared seeds")
    latest = read(con, "select experiment, any_value(kind) as kind from met_variant_diff where kind <> 'tune' "
                       "group by experiment order by max(created_at) desc, experiment limit 1")
    if latest.empty:
        return Finding(question, pending="only `balance tune` rounds in this warehouse (printed by the command)")
    name, kind = latest.experiment.iloc[0], latest.kind.iloc[0]
    page = f"{'sweep' if kind == 'sweep' else 'compare'}-{name}.html"
    stored = con.execute("select * from met_variant_diff where experiment = ?", [name]).df()
    rows = named_levels(stored.assign(raw_level=stored.level), names)
    changed = ranked(rows[rows.flagged])
    if changed.empty:
        return Finding(question, f"{name}: no variant changed any of the {len(rows):,} measures compared beyond "
                                 "noise and by at least the minimum that matters.", detail=page)
    shown = " ".join(f"{r.variant}: {change_sentence(r)}." for r in changed.head(3).itertuples())
    more = f" ({len(changed) - 3} more changes on its page.)" if len(changed) > 3 else ""
    return Finding(question, f"{name}, biggest changes first. {shown}{more}", detail=page,
                   examples=_pairs_of(con, changed))


def _pairs_of(con: duckdb.DuckDBPyConnection, changed: pd.DataFrame) -> tuple[Example, ...]:
    """The biggest change shown by pairs of games on the same seed: baseline arm and variant arm (none when the
    table does not name the arms' runs)."""
    if not {"run_id", "baseline_run", "num_players"} <= set(changed.columns):
        return ()
    row = next(changed.itertuples())
    metric = METRICS.get(row.metric, Metric(row.metric, ""))
    where = f"{metric.title} ({level_words(row)})".replace("{", "{{").replace("}", "}}")
    why = f"game id {{game}}, same seed and seating: {where} {{baseline}} in the baseline, {{variant}} in {row.variant}"
    return examples.variant_pairs(con, Change.of(row, row.raw_level), metric.amount, why)


def _min_effect(con: duckdb.DuckDBPyConnection, table: str) -> str:
    """The minimum that matters for a table's flag, in words."""
    if not has_table(con, "flag_summary"):  # a warehouse built before the shared flag rule
        return "the minimum that matters"
    row = con.execute("select metric, min_effect from flag_summary where table_name = ? limit 1", [table]).fetchone()
    if row is None:
        return "the minimum that matters"
    metric, minimum = row
    return f"{100 * minimum:.0f} points" if "rate" in metric else f"{minimum:g}"


QUESTIONS: list[Question] = [
    first_seat, caprices_too_easy_or_hard, plus_thirty_slot, best_bonus_tile, speed_decides, strongest_god, what_if,
]


def findings(con: duckdb.DuckDBPyConnection, names: Names) -> list[Finding]:
    """Every headline question answered (or marked not measured yet)."""
    return [question(con, names) for question in QUESTIONS]
