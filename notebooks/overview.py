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
# # Overview: every game in the warehouse
#
# Seat advantage, agent strength and game length side by side for every game
# present (queried generically by game). Rates carry n and a 95% Wilson
# interval; red marks a value whose interval excludes the fair share 1/P.

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from balance.notebook import errors, open_warehouse, pct

q = open_warehouse(warehouse)

# %% [markdown]
# ## Sample sizes

# %%
sample = q("""
    select game, num_players, count(*) as games, count(distinct run_id) as runs,
           count(distinct lineup) as lineups, sum(n_events) as events
    from fct_games where source = 'simulated' group by game, num_players order by game, num_players
""")
display(sample)
games = list(sample.game.unique())

# %% [markdown]
# ## Is any seat favoured, in any game?
# Win rate by seat (dashed: fair share 1/P), one panel per game and player count,
# over uniform line-ups only (every seat the same agent type).

# %%
seats = q("select * from met_seat_advantage where source = 'simulated' order by game, num_players, seat")
panels = seats[["game", "num_players"]].drop_duplicates().values.tolist()
cols = 4
rows = (len(panels) + cols - 1) // cols
fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 3 * rows), squeeze=False)
for ax, (game, count) in zip(axes.flat, panels):
    part = seats[(seats.game == game) & (seats.num_players == count)]
    ax.bar(part.seat.astype(str), part.win_rate, yerr=errors(part, "win_rate", "win_lo", "win_hi"), capsize=3,
           color=["tab:red" if f else "tab:blue" for f in part.flagged])
    ax.axhline(1 / count, ls="--", color="k", lw=1)
    ax.set_title(f"{game}, {count}p (n={part.n.iloc[0]:,})", fontsize=9)
for ax in list(axes.flat)[len(panels):]:
    ax.set_visible(False)
plt.tight_layout()
plt.show()
flagged = seats[seats.flagged]
display(Markdown(
    "Seat effects beyond noise: " + (", ".join(
        f"{r.game} seat {r.seat} at {r.num_players}p ({pct(r.win_rate)} vs {pct(r.reference)})"
        for r in flagged.itertuples()) or "none") + "."
))

# %% [markdown]
# ## How long are games?
# Mean events and rounds per game (95% interval), and the rate of games still tied
# after the tie-break. Events are the common length measure: 4 Gods is played in
# real time, so its rounds stay 0; its length in simulated minutes (from `clock_ms`)
# is in the 4 Gods report.

# %%
length = q("select * from met_game_length where source = 'simulated' order by game, num_players")
fig, ax = plt.subplots(figsize=(8, 3.5))
for game, part in length.groupby("game"):
    ax.errorbar(part.num_players, part.events_mean, yerr=errors(part, "events_mean", "events_lo", "events_hi"),
                marker="o", capsize=3, label=game)
ax.set_xlabel("players")
ax.set_ylabel("events per game")
ax.legend()
plt.show()
display(length[["game", "num_players", "n", "events_mean", "rounds_mean", "tie_rate", "tie_lo", "tie_hi"]].round(3))

# %% [markdown]
# ## Which agent wins?
# Win rate by agent type in mixed line-ups, per game and player count.

# %%
agents = q("select * from met_agent_win_rate where source = 'simulated' order by game, num_players, agent")
if len(agents):
    display(agents[["game", "num_players", "agent", "n", "win_rate", "win_lo", "win_hi", "reference", "flagged"]]
            .round(3))
else:
    display(Markdown("No mixed line-ups in this warehouse."))
