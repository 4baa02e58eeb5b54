# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Four Gardens (and The God's Caprice): balance report
#
# Simulated games from the warehouse, by ruleset: the base game (three bonus tile
# types) and The God's Caprice (ten Caprice tiles). Every rate comes with its sample
# size n and a 95% Wilson interval; every mean with a 95% normal interval, except the
# causal tile values, which use Student t intervals (clustered by game for the choice
# scale). An orange bar
# means *look here*: beyond noise after a Holm correction over the table's cells, and
# at least the minimum that matters (set in the study file).

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import Markdown, display

from reports.kit import charts
from reports.kit.notebook import (beside, ci, count, noise_word, open_warehouse, pct, play_words, seat_charts, show,
                                  strongest_play, verdict_seats)
from reports.kit.verdicts import lead_markdown

q, names = open_warehouse(warehouse)
tile = lambda r: names("tiles", r.tile)  # noqa: E731
ruleset_name = lambda r: names.ruleset(r.ruleset)  # noqa: E731


def has_table(name: str) -> bool:
    """Optional tables (e.g. paired tile values) exist only when their input was in the lake."""
    return bool(q(f"select count(*) as n from information_schema.tables where table_name = '{name}'").n.iloc[0])


# %% [markdown]
# ## The answers: tilted, fair or undecided
# Each headline cell under the strongest play in the study, from intervals that stay valid however often the
# study looked while it kept playing (one correction per question, ruleset and kind of play). Tilted: beyond
# noise and at least the minimum that matters, sized by the smallest effect the games support; fair: within
# ± the minimum; undecided: with the games it would take.

# %%
display(Markdown(lead_markdown(q("select * from met_verdicts where game = 'gardens'"), names)))

# %% [markdown]
# ## What was simulated

# %%
sample = q("""
    select ruleset, num_players, count(distinct run_id || ':' || game_id) as games, count(distinct run_id) as runs,
           string_agg(distinct agent, ', ' order by agent) as agents
    from fct_gardens_player_games where source = 'simulated' and in_study group by ruleset, num_players order by ruleset, num_players
""")
show(sample, {"ruleset": ruleset_name, "players": "num_players", "games": "games", "runs": "runs",
              "agents": "agents"})
rulesets = list(sample.ruleset.unique())
display(Markdown(f"**{count(sample.games.sum())} games** in all."))

# %% [markdown]
# ## Which bonus tile is worth the most?
# Three answers, each with the conditions it holds under:
#
# - **Taken how often** (observed): pick rate among panorama completers and the takers' mean final score
#   minus the other completers' (observational: takers differ in more than the tile).
# - **Choosing X instead of Y at the same decision** (`balance tile-value`): at sampled bonus decisions every
#   tile on offer was forced and the game played out on shared random streams; all pairs are fitted on one
#   scale (decision fixed effects, 95% intervals clustered by game). It is worth what taking X *now* gains
#   over taking Y *now*, with the rest of the game played out (Y may still be taken later).
# - **Owning a tile**: one seat takes the tile whenever it is offered against never taking it, on the same
#   deals; the paired difference in final score and win share. A whole-game policy effect: it also counts
#   how often the tile comes up and what it displaces.
#
# Orange = look here: beyond noise after a Holm correction over the table and at least 1 point of final score.

# %%
picks = strongest_play(q("select * from met_gardens_bonus_tiles where source = 'simulated' order by ruleset, tile"))
contrasts = q("select * from met_gardens_tile_contrasts") if has_table("met_gardens_tile_contrasts") else None
scale = q("select * from met_gardens_tile_values") if has_table("met_gardens_tile_values") else None
owning = q("select * from met_gardens_tile_owning") if has_table("met_gardens_tile_owning") else None
sensitivity = q("select * from met_gardens_tile_sensitivity") if has_table("met_gardens_tile_sensitivity") else None
PRIMARY = "greedy"


def is_primary(agents: pd.Series) -> pd.Series:
    """The headline line-up: every seat greedy (other line-ups give the sensitivity lines)."""
    return agents.map(lambda a: set(a.split(",")) == {PRIMARY})


def conditions(row: pd.Series) -> str:
    """The conditions of a tile estimate, in words (a row of a tile metric)."""
    rest = f"{count(row.decisions)} decisions from {count(row.games)} games" if "decisions" in row else (
        f"{count(row.pairs)} paired deals")
    mix = ""
    if "offered_mix" in row:
        sets = row.offered_mix.split("; ")
        mix = f"; offered sets: {'; '.join(sets[:6])}" + (f" and {len(sets) - 6} more sets" if len(sets) > 6 else "")
    rollouts = f"; {row.rollouts} rollouts per option" if "rollouts" in row else ""
    return (f"agents {row.agents}, {row.num_players} players, {rest}{mix}; {row.rounds}{rollouts}; "
            f"streams {row.streams}; assumed tile values: {row.assumed_tile_values} "
            f"(plus {row.other_assumed_values} other assumed ruleset values, listed on the index)")


for ruleset in rulesets:
    part = picks[picks.ruleset == ruleset].sort_values("tile").reset_index(drop=True)
    if part.empty:
        continue
    labels = [tile(r) for r in part.itertuples()]
    fig, axes = plt.subplots(1, 2, figsize=(11, 0.34 * len(part) + 1.9), sharey=True)
    charts.interval_bars(axes[0], labels, part.pick_rate.fillna(0), part.pick_lo, part.pick_hi, horizontal=True,
                         scale=100)
    axes[0].set_xlabel("pick rate among completers (%)")
    charts.interval_bars(axes[1], labels, part.score_diff.fillna(0), part.score_diff_lo, part.score_diff_hi,
                         flagged=part.flagged.fillna(False).astype(bool), horizontal=True)
    axes[1].set_xlabel("observed: takers' final score minus others' (points)")
    zero = charts.reference_line(axes[1], 0, "no difference", horizontal=True)
    fig.suptitle(f"{names.ruleset(ruleset)}: bonus tiles taken (observed, all simulated games)")
    charts.legend_below(fig, [zero, charts.look_handle()], 2)
    plt.show()
    display(Markdown(f"**{names.ruleset(ruleset)}**, observed: pick rates over n = {count(part.n.max())} completer "
                     "player-games; score differences to look at: " + (", ".join(
                         f"{tile(r)} ({r.score_diff:+.1f})" for r in part[part.flagged].itertuples()) or "none") + "."))
    show(part, {"tile": tile, "completers": "n", "takers": "k", "pick rate": ci("pick_rate", "pick_lo", "pick_hi"),
                "observed value (points)": ci("score_diff", "score_diff_lo", "score_diff_hi", "value")})


def tile_pair_charts(ruleset: str) -> None:
    """Both causal estimates of one ruleset side by side (headline line-up), each with its conditions."""
    if contrasts is None and owning is None:
        display(Markdown(f"**{names.ruleset(ruleset)}**: no tile-value run in this warehouse (`balance tile-value`)."))
        return
    pairs = contrasts[(contrasts.ruleset == ruleset) & is_primary(contrasts.agents)] if contrasts is not None \
        else pd.DataFrame()
    owned = owning[(owning.ruleset == ruleset) & is_primary(owning.agents)] if owning is not None else pd.DataFrame()
    for (digest, players), _ in pd.concat([pairs[["ruleset_digest", "num_players"]],
                                           owned[["ruleset_digest", "num_players"]]]).groupby(
                                               ["ruleset_digest", "num_players"]):
        p = pairs[(pairs.ruleset_digest == digest) & (pairs.num_players == players)].sort_values("score_diff")
        p = p.assign(flagged=p.flagged.fillna(False).astype(bool))  # no interval (one decision): not flagged
        o = owned[(owned.ruleset_digest == digest) & (owned.num_players == players)].sort_values("score_diff")
        choice, labels, title = p, [f"{names('tiles', r.tile)} instead of {names('tiles', r.instead_of)}"
                                    for r in p.itertuples()], "choosing X instead of Y at the same decision"
        if len(p) > 3 and scale is not None:  # many tiles: each against the reference (every pair is listed below)
            choice = scale[(scale.ruleset_digest == digest) & (scale.num_players == players)
                           & is_primary(scale.agents)].rename(columns={"score_value": "score_diff"})
            choice = choice[choice.tile != choice.reference]
            choice = choice.assign(flagged=(choice.score_lo > 0) | (choice.score_hi < 0)).sort_values("score_diff")
            labels = [f"{names('tiles', r.tile)} instead of {names('tiles', r.reference)}" for r in choice.itertuples()]
            title = f"each tile instead of {names('tiles', choice.reference.iloc[0])} at the same decision"
        fig, axes = plt.subplots(1, 2, figsize=(13, 0.32 * max(len(choice), len(o), 3) + 2.0), squeeze=False)
        for ax, frame, tick_labels, heading in (
                (axes[0][0], choice, labels, title),
                (axes[0][1], o, [names("tiles", t) for t in o.tile], "owning it: always take vs never (paired deals)")):
            if frame.empty:
                ax.set_title(f"{heading}: not measured")
                continue
            charts.interval_bars(ax, tick_labels, frame.score_diff, frame.score_lo, frame.score_hi,
                                 flagged=frame.flagged, horizontal=True)
            zero = charts.reference_line(ax, 0, "no difference", horizontal=True)
            ax.tick_params(axis="y", labelsize=8)
            ax.set_title(heading)
            ax.set_xlabel("final score (points), 95% interval")
        plt.show()
        lines = []
        if len(p):
            top = p.iloc[-1]
            lines.append(f"**Choosing** (headline): choosing {names('tiles', top.tile)} instead of "
                         f"{names('tiles', top.instead_of)} at the same decision gains {top.score_diff:+.2f} points "
                         f"({top.score_lo:+.2f} to {top.score_hi:+.2f}) and {top.win_diff:+.3f} win share. "
                         f"Conditions: {conditions(top)}.")
            shown = p.iloc[::-1] if len(p) <= 3 else p[p.flagged].iloc[::-1]
            if len(p) > 3:
                lines.append(f"{len(shown)} of {len(p)} pairs are worth a look (beyond noise after Holm and at least "
                             "1 point):")
            lines += [f"- {names('tiles', r.tile)} instead of {names('tiles', r.instead_of)}: {r.score_diff:+.2f} "
                      f"({r.score_lo:+.2f} to {r.score_hi:+.2f}), {noise_word(r.flagged)}; "
                      f"{count(r.direct_decisions)} decisions offered both (their direct mean {r.direct_diff:+.2f})"
                      for r in shown.itertuples()]
            lines += sensitivity_lines(digest, players)
        if len(o):
            lines.append(f"**Owning** (separate estimate): conditions: {conditions(o.iloc[0])}; {o.iloc[0].policy}.")
            lines += [f"- {names('tiles', r.tile)}: {r.score_diff:+.2f} points ({r.score_lo:+.2f} to "
                      f"{r.score_hi:+.2f}), win share {r.win_diff:+.3f} ({r.win_lo:+.3f} to {r.win_hi:+.3f}); win rate "
                      f"{pct(r.win_rate_prefer)} taking it vs {pct(r.win_rate_avoid)} never; the seat took it in "
                      f"{pct(r.took_rate)} of {count(r.pairs)} deals" for r in o.iloc[::-1].itertuples()]
        display(Markdown("\n".join(lines)))


def sensitivity_lines(digest: str, players: int) -> list[str]:
    """The same contrasts measured with a second line-up (random today; ismcts once it exists)."""
    part = sensitivity[(sensitivity.ruleset_digest == digest) & (sensitivity.num_players == players)] \
        if sensitivity is not None else pd.DataFrame()
    if part.empty:
        return ["*Sensitivity:* no second line-up measured for these rules (a random or ismcts tile-value run)."]
    return [f"*Sensitivity, agents {r.other_agents}:* {names('tiles', r.tile)} instead of "
            f"{names('tiles', r.instead_of)} {r.other_score_diff:+.2f} ({r.other_score_lo:+.2f} to "
            f"{r.other_score_hi:+.2f}) from {count(r.other_decisions)} decisions (greedy {r.primary_score_diff:+.2f}; "
            f"{direction_words(r.same_direction)}, {overlap_words(r.overlap)})" for r in part.itertuples()]


def overlap_words(overlap: object) -> str:
    """Whether the two intervals overlap; none to compare when one line-up has too few decisions (NULL)."""
    if overlap is None or pd.isna(overlap):
        return "no interval to compare (too few decisions)"
    return "intervals overlap" if overlap else "intervals do not overlap"


def direction_words(same: object) -> str:
    """same / opposite direction; no direction when either estimate is zero (the table's NULL)."""
    if same is None or pd.isna(same):
        return "no direction (a zero difference)"
    return "same direction" if same else "opposite direction"


for ruleset in rulesets:
    tile_pair_charts(ruleset)

# %% [markdown]
# ## How far do players get on the god tracks?
# Final space per god (0 = knocked off for good): the mean with its 95% interval, against
# the other gods' mean. Orange = a favoured or neglected god worth a look.

# %%
tracks = q("select * from met_gardens_tracks where source = 'simulated' order by ruleset, num_players, god")
panels = tracks[["ruleset", "num_players"]].drop_duplicates().values.tolist()
fig, axes = plt.subplots(1, len(panels), figsize=(2.3 * len(panels), 3.2), squeeze=False, sharey=True)
for ax, (ruleset, players) in zip(axes[0], panels):
    part = tracks[(tracks.ruleset == ruleset) & (tracks.num_players == players)]
    charts.interval_bars(ax, [names("gods", g) for g in part.god], part.space_mean, part.space_lo, part.space_hi,
                         flagged=part.flagged)
    ax.set_title(f"{names.ruleset(ruleset)[:18]}\n{players} players (n = {count(part.n.max())})", fontsize=8)
    ax.tick_params(axis="x", labelsize=7)
axes[0][0].set_ylabel("mean final space")
charts.legend_below(fig, [charts.look_handle()])
plt.show()
flagged = tracks[tracks.flagged]
display(Markdown("Gods to look at: " + (", ".join(
    f"{names('gods', r.god)} ({names.ruleset(r.ruleset)}, {r.num_players} players: {r.space_mean:.2f} vs others "
    f"{r.other_gods_space_mean:.2f})" for r in flagged.itertuples()) or "none") + "."))
spaces = q("select ruleset, god, space, sum(k) as k, sum(n) as n from met_gardens_track_spaces "
           "where source = 'simulated' group by ruleset, god, space order by ruleset, god, space")
wide = spaces.assign(share=spaces.k / spaces.n).pivot_table(index=["ruleset", "god"], columns="space",
                                                             values="share").reset_index()
display(Markdown("Share of player-games ending on each space (all player counts pooled; 0 = knocked off):"))
show(wide, {"ruleset": ruleset_name, "god": lambda r: names("gods", r.god),
            **{f"space {s}": (lambda r, s=s: pct(r[wide.columns.get_loc(s)])) for s in wide.columns[2:]}})

# %% [markdown]
# ## Push-backs and knock-offs
# Per player-game: times pushed back on a track and markers knocked off for good
# (mean, 95% interval), by ruleset and player count.

# %%
activity = q("select * from met_gardens_activity where source = 'simulated' and agent = 'all' "
             "and num_players <> 'all'")


def activity_chart(measures: list[str], unit: str) -> None:
    """One panel per measure: mean per player-game by player count, one line per ruleset."""
    fig, axes = plt.subplots(1, len(measures), figsize=(3.4 * len(measures), 3), squeeze=False)
    for ax, measure in zip(axes[0], measures):
        for (ruleset, part), colour in zip(activity[activity.measure == measure].groupby("ruleset"), charts.SERIES):
            part = part.sort_values("num_players")
            ax.errorbar(part.num_players.astype(str), part["mean"], yerr=charts.interval_errors(
                part["mean"], part.lo, part.hi), marker="o", capsize=3, color=colour, label=names.ruleset(ruleset))
        ax.set_title(names("measures", measure))
        ax.set_xlabel("players")
    axes[0][0].set_ylabel(unit)
    charts.legend_below(fig, axes[0][0].get_legend_handles_labels()[0])
    plt.show()
    part = activity[activity.measure.isin(measures)]
    display(Markdown(f"n = {count(part.n.min())}–{count(part.n.max())} player-games per point."))


activity_chart(["pushed_back", "knocked_off"], "per player-game")

# %% [markdown]
# ## Panoramas by size, actions by type, resources lost to full storage

# %%
activity_chart(["panoramas_2", "panoramas_3", "completed"], "per player-game")
activity_chart(["lay_actions", "rotate_actions", "wild_actions", "reallocate_actions"], "actions per player-game")
activity_chart(["resources_collected", "resources_lost"], "resource icons per player-game")
lost = q("select ruleset, num_players, mean as lost_share from met_gardens_activity "
         "where source = 'simulated' and measure = 'lost_share' and agent = 'all' order by ruleset, num_players")
display(Markdown("Share of collected icons lost to full storage (ratio of sums, no interval):"))
show(lost, {"ruleset": ruleset_name, "players": "num_players", "lost to full storage": lambda r: pct(r.lost_share)})

# %% [markdown]
# ## How long are games, and is any seat favoured?
# Rounds per game (mean, 95%) by ruleset and player count; win rate by seat (seat 1
# plays first) over uniform line-ups, with the fair share 1/P dashed.

# %%
rounds = q("select * from met_game_length where source = 'simulated' and game = 'gardens' order by ruleset, num_players")
rounds = pd.concat([strongest_play(part) for _, part in rounds.groupby("ruleset", sort=False)]) if len(rounds) else rounds
display(Markdown(f"Rounds per game {play_words(rounds)}, per ruleset."))
show(rounds, {"ruleset": ruleset_name, "play": "agent_mix", "players": "num_players", "games": "n",
              "rounds per game": ci("rounds_mean", "rounds_lo", "rounds_hi", "value")})
# each ruleset apart (two rulesets are two games to a designer), drawn from the verdicts at the top of this page
seat_charts(verdict_seats(q("select * from met_verdicts where game = 'gardens' and finding = 'seat_win_rate'")), names)

# %% [markdown]
# ## Where do the points come from?
# Mean points per player-game from the god tracks, Extra Rewards tiles and Favor
# (Caprice tiles), by ruleset and player count.

# %%
components = activity[activity.measure.isin(["track_points", "extra_rewards", "favor"])]
wide = components.pivot_table(index=["ruleset", "num_players"], columns="measure", values="mean")
wide.index = [f"{names.ruleset(r)[:18]}, {p}p" for r, p in wide.index]
wide.columns = [names("measures", c) for c in wide.columns]
fig, ax = plt.subplots(figsize=(9, 3.8))
wide.plot.bar(stacked=True, ax=ax, rot=20, color=charts.SERIES[: len(wide.columns)], legend=False)
ax.set_ylabel("mean points per player-game")
charts.legend_below(fig, ax.get_legend_handles_labels()[0])
plt.show()
show(components, {"ruleset": ruleset_name, "players": "num_players",
                  "source of points": lambda r: names("measures", r.measure), "player-games": "n",
                  "mean points": ci("mean", "lo", "hi", "value", 2)})

# %% [markdown]
# ## When are Foresight, Sabotage and Blessing used?
# For each Caprice tile used: the round of use, rounds between taking and using it,
# its position in the game (round / final round), each a mean with a 95% interval,
# and the share of uses in the final round. n = uses.

# %%
timing = q("select * from met_gardens_tile_use_timing where source = 'simulated' order by ruleset, tile")
if len(timing):
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(timing) + 1.5))
    charts.interval_bars(ax, [tile(r) for r in timing.itertuples()], timing.fraction_mean, timing.fraction_lo,
                         timing.fraction_hi, horizontal=True)
    ax.set_xlim(0, 1)
    ax.set_xlabel("position in the game at use (round of use / final round)")
    plt.show()
    focus = timing[timing.tile.isin(["foresight", "sabotage", "blessing"])]
    display(Markdown(" ".join(
        f"{tile(r)}: {count(r.n)} uses by {count(r.takers)} takers, {r.after_mean:.1f} rounds after taking it "
        f"({r.after_lo:.1f} to {r.after_hi:.1f}), {pct(r.last_round_share)} in the final round."
        for r in focus.itertuples()) or "Foresight, Sabotage and Blessing were never used."))
    show(timing, {"tile": tile, "uses": "n", "takers": "takers",
                  "round of use": ci("round_mean", "round_lo", "round_hi", "value"),
                  "rounds after taking": ci("after_mean", "after_lo", "after_hi", "value"),
                  "in the final round": ci("last_round_share", "last_round_lo", "last_round_hi")})
else:
    display(Markdown("No Caprice tile was used (no The God's Caprice games in this warehouse)."))

# %% [markdown]
# ## How strong are the agents?
# Win rate by agent type in mixed line-ups, against the fair share 1/P: how good the
# play is, not an imbalance, so nothing here is flagged.

# %%
agents = q("select * from met_agent_win_rate where source = 'simulated' and game = 'gardens' order by num_players, agent")
show(agents, {"players": "num_players", "agent": "agent", "player-games": "n",
              "win rate": ci("win_rate", "win_lo", "win_hi"), "fair share": lambda r: pct(r.reference)},
     empty="No mixed line-ups in this warehouse.")


# %% [markdown]
# ## Recorded playtests beside the simulations
# Seat win rates of games people played at a real table (`balance ingest`) beside the
# agents', each with n and its 95% Wilson interval; a recorded rate is compared only
# from n = 30 player-games and an interval narrower than ±15 points.

# %%
recorded = q("select count(*) as games from fct_games where game = 'gardens' and source = 'recorded'").iloc[0]
if recorded.games == 0:
    display(Markdown("No recorded games yet: load playtests with `balance ingest` (docs/recorded-games.md)."))
else:
    seat_rows = beside(q("select * from met_seat_advantage where game = 'gardens'"),
                       ["ruleset", "num_players", "seat"], "win_rate", "win_lo", "win_hi")
    show(seat_rows, {"ruleset": ruleset_name, "players": "num_players", "seat": lambda r: str(int(r.seat) + 1),
                     "recorded games": "n_recorded",
                     "recorded win rate": ci("win_rate_recorded", "win_lo_recorded", "win_hi_recorded"),
                     "simulated win rate": ci("win_rate_simulated", "win_lo_simulated", "win_hi_simulated"),
                     "verdict": "verdict"})
    display(Markdown(f"**{count(recorded.games)} recorded games**; verdicts: "
                     + ", ".join(f"{v} ({n})" for v, n in seat_rows.verdict.value_counts().items()) + "."))
