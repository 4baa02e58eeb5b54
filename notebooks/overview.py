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
# # All games side by side
#
# Seat advantage, game length and agent strength for every game in the
# warehouse. Every rate has its sample size and a 95% interval. An orange bar
# means *look here*: beyond noise after a Holm correction over the table's
# cells, and at least the minimum that matters (set in the study file).

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
from IPython.display import Markdown, display
import pandas as pd

from reports.kit import charts
from reports.kit.notebook import (ci, count, open_warehouse, pct, play_words, seat, show, strongest_play,
                                  verdict_seats)
from reports.kit.verdicts import lead_markdown, other_ruleset

q, names = open_warehouse(warehouse)

# %% [markdown]
# ## The answers: tilted, fair or undecided
# Each headline cell under the strongest play in the study, from intervals that stay valid however often the
# study looked while it kept playing (one correction per question, ruleset and kind of play). Tilted: beyond
# noise and at least the minimum that matters, sized by the smallest effect the games support; fair: within
# ± the minimum; undecided: with the games it would take.

# %%
display(Markdown(lead_markdown(q("select * from met_verdicts where finding = 'seat_win_rate'"), names)))

# %% [markdown]
# ## What was simulated

# %%
sample = q("""
    select game, num_players, count(*) as games, count(distinct run_id) as runs,
           count(distinct lineup) as lineups, sum(n_events) as events
    from fct_games where source = 'simulated' and in_study group by game, num_players order by game, num_players
""")
show(sample, {"game": lambda r: names.game(r.game), "players": "num_players", "games": "games", "runs": "runs",
              "line-ups": "lineups", "events logged": "events"})
games = list(sample.game.unique())

# %% [markdown]
# ## Is any seat favoured, in any game?
# Win rate by seat (seat 1 plays first; dashed: the fair share 1/P), one panel per
# game, ruleset and player count, over uniform line-ups only (every seat the same agent
# type), with the anytime-valid intervals of the verdicts on the index and game pages
# (orange: a seat the verdict calls tilted).

# %%
# the verdicts' own rows, so this page and the others read one table; only uniform line-ups measure a seat (a
# warehouse of mixed line-ups alone, random against greedy, has none); a game's rulesets are two games to a
# designer, each with its own panels
seats = verdict_seats(q("select * from met_verdicts where finding = 'seat_win_rate'"))
panels = seats[["game", "ruleset", "num_players"]].drop_duplicates().values.tolist()
if panels:
    cols = 4
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.1 * cols, 2.9 * rows), squeeze=False, sharey=True)
    for ax, (game, ruleset, players) in zip(axes.flat, panels):
        part = seats[(seats.game == game) & (seats.ruleset == ruleset) & (seats.num_players == players)]
        charts.interval_bars(ax, [str(s + 1) for s in part.seat], part.win_rate, part.win_lo, part.win_hi,
                             flagged=part.flagged, scale=100)
        fair = charts.reference_line(ax, 100 / players, "fair share 1/P")
        title = names.game(game) + other_ruleset(names, part.iloc[0])
        ax.set_title(f"{title}, {players} players (n = {count(part.n.iloc[0])})", fontsize=8)
        ax.set_xlabel("seat")
    for ax in axes[:, 0]:
        ax.set_ylabel("win rate (%)")
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    charts.legend_below(fig, [fair, charts.look_handle()], 2)
    plt.show()
    flagged = seats[seats.flagged]
    display(Markdown(
        "Seats to look at: " + (", ".join(
            f"{names.game(r.game)}{other_ruleset(names, r)} {seat(r.seat)} at {r.num_players} players "
            f"({pct(r.win_rate)} vs {pct(r.reference)})"
            for r in flagged.itertuples()) or "none") + "."
    ))
else:
    display(Markdown("No uniform line-ups in this warehouse (every seat the same agent type), so no seat is "
                     "measured: add a run such as `agents = [\"greedy\"]` to the study."))

# %% [markdown]
# ## How long are games?
# Mean events per game (95% interval) and, for the turn-based games, rounds; the share
# of games still tied after the tie-break. 4 Gods is played in real time and has no
# rounds: its length in simulated minutes is in the 4 Gods report.

# %%
length = q("select * from met_game_length where source = 'simulated' order by game, ruleset, num_players")
length = pd.concat([strongest_play(part) for _, part in length.groupby(["game", "ruleset"], sort=False)]
                   ) if len(length) else length
display(Markdown(f"Game length per game and ruleset {play_words(length)}."))
fig, ax = plt.subplots(figsize=(8, 3.4))
for ((game, ruleset), part), colour in zip(length.groupby(["game", "ruleset"]), charts.SERIES):
    ax.errorbar(part.num_players, part.events_mean, yerr=charts.interval_errors(
        part.events_mean, part.events_lo, part.events_hi), marker="o", capsize=3, color=colour,
        label=f"{names.game(game)} ({names.ruleset(ruleset)}, {part.agent_mix.iloc[0]})")
ax.set_xlabel("players")
ax.set_ylabel("events logged per game")
ax.set_xticks(sorted(length.num_players.unique()))
charts.legend_below(fig, ax.get_legend_handles_labels()[0])
plt.show()
show(length, {
    "game": lambda r: names.game(r.game), "ruleset": lambda r: names.ruleset(r.ruleset), "play": "agent_mix",
    "players": "num_players", "games": "n",
    "events per game": ci("events_mean", "events_lo", "events_hi", "value", 0),
    "rounds per game": lambda r: ("real time (no rounds)" if not r.rounds_mean else
                                  f"{r.rounds_mean:.1f} ({r.rounds_lo:.1f} to {r.rounds_hi:.1f})"),
    "games tied after tie-break": ci("tie_rate", "tie_lo", "tie_hi"),
})

# %% [markdown]
# ## How strong are the agents?
# Win rate by agent type in mixed line-ups (seats rotated), against the fair share 1/P.
# A stronger agent winning more says how good its play is, not that the game is unfair,
# so nothing here is flagged.

# %%
agents = q("select * from met_agent_win_rate where source = 'simulated' order by game, num_players, agent")
show(agents, {"game": lambda r: names.game(r.game), "players": "num_players", "agent": "agent",
              "player-games": "n", "win rate (95% interval)": ci("win_rate", "win_lo", "win_hi"),
              "fair share": lambda r: pct(r.reference)}, empty="No mixed line-ups in this warehouse.")
