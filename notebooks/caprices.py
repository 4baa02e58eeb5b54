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
# # Les caprices du roi: balance report
#
# Simulated games read from the warehouse (`balance warehouse build`). Every rate
# comes with its sample size n and a 95% Wilson interval; every mean with a 95%
# normal interval (mean ± 1.96·sd/√n, fine at these n). A difference is called
# *beyond noise* only when the reference value lies outside the interval.

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from balance.notebook import MIN_RECORDED_N, beside, errors, open_warehouse, pct, seat_chart

q = open_warehouse(warehouse)



# %% [markdown]
# ## What was simulated

# %%
sample = q("""
    select num_players, count(*) as games, count(distinct run_id) as runs,
           string_agg(distinct lineup, ', ' order by lineup) as lineups
    from fct_games where source = 'simulated' and game = 'caprices' group by num_players order by num_players
""")
display(sample)
runs = q("select run_id, ruleset, ruleset_digest, code_version from runs where game = 'caprices' order by run_id")
display(Markdown(f"**{sample.games.sum():,} games** in {len(runs)} run(s)."))

# %% [markdown]
# ## Which Caprices are met, and how often?
# Hit rate of each Caprice over the player-games in which it was in play. The dashed
# line is the pooled hit rate of all face-down Caprices; a red bar's interval
# excludes it (that Caprice is easier or harder than a typical one, beyond noise).

# %%
hits = q("select * from met_caprice_hit_rate where source = 'simulated' and dimension = 'overall' order by hit_rate")
fig, ax = plt.subplots(figsize=(8, 0.32 * len(hits) + 1.5))
colors = ["tab:red" if f else ("tab:gray" if c else "tab:blue") for f, c in zip(hits.flagged, hits.is_common)]
ax.barh(hits.caprice_id, hits.hit_rate, xerr=errors(hits, "hit_rate", "hit_lo", "hit_hi"), color=colors, capsize=2)
pooled = hits.loc[~hits.is_common, "reference"].dropna()
if len(pooled):
    ax.axvline(pooled.iloc[0], ls="--", color="k", lw=1, label=f"pooled face-down rate {pct(pooled.iloc[0])}")
    ax.legend(loc="lower right")
ax.set_xlabel("hit rate (share of player-games that met it), 95% Wilson interval")
ax.set_title("Caprice hit rate (grey = the two common Caprices)")
plt.show()
flagged = hits[hits.flagged]
display(Markdown(
    f"n per Caprice: {hits.n.min():,}–{hits.n.max():,} player-games. "
    + (f"Beyond noise vs the pooled rate: {', '.join(f'{r.caprice_id} ({pct(r.hit_rate)})' for r in flagged.itertuples())}."
       if len(flagged) else "No face-down Caprice differs from the pooled rate beyond noise.")
))
display(hits[["caprice_id", "n", "hit_rate", "hit_lo", "hit_hi", "points_mean", "winner_hit_rate", "flagged"]]
        .sort_values("hit_rate", ascending=False).round(3))

# %% [markdown]
# ## Is the +30 slot too generous?
# Hit rate of whatever Caprice lies in each bonus slot, and the points the slot pays
# per player-game, by player count. Red = the slot's hit rate differs from the pooled
# face-down rate at that player count beyond noise.

# %%
slots = q("select * from met_caprice_slot_hit_rate where source = 'simulated' and num_players <> 'all' "
          "order by num_players, slot")
fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
labels = list(dict.fromkeys(slots.slot_label))
counts = list(dict.fromkeys(slots.num_players))
width = 0.8 / max(len(counts), 1)
for i, count in enumerate(counts):
    part = slots[slots.num_players == count].set_index("slot_label").reindex(labels)
    xs = [j + i * width for j in range(len(labels))]
    axes[0].bar(xs, part.hit_rate, width, yerr=errors(part, "hit_rate", "hit_lo", "hit_hi"), capsize=2,
                label=f"{count} players", edgecolor=["tab:red" if f else "none" for f in part.flagged], linewidth=2)
    axes[1].bar(xs, part.points_mean, width, yerr=errors(part, "points_mean", "points_lo", "points_hi"), capsize=2,
                label=f"{count} players")
for ax, title in zip(axes, ("hit rate by slot", "points per player-game by slot")):
    ax.set_xticks([j + width * (len(counts) - 1) / 2 for j in range(len(labels))], labels)
    ax.set_title(title)
axes[0].legend(fontsize=8)
plt.show()
flagged = slots[slots.flagged]
display(Markdown(
    "Slots beyond noise: " + (", ".join(f"{r.slot_label} at {r.num_players} players ({pct(r.hit_rate)} vs "
                                         f"{pct(r.reference)})" for r in flagged.itertuples()) or "none") + "."
))

# %% [markdown]
# ## Is the first seat favoured?
# Win rate (shared wins count 1/k) by seat with the fair share 1/P as a dashed line.
# Uniform line-ups only (every seat the same agent type), so agent strength cannot
# masquerade as a seat effect; seats also rotate across games.

# %%
seats = q("select * from met_seat_advantage where source = 'simulated' and game = 'caprices' order by num_players, seat")
display(Markdown(seat_chart(seats)))
order = q("select *, turn_position as seat from met_caprices_turn_order order by num_players, turn_position")
if order.random_starts.sum():  # the King aid dealt at random: seats no longer tell who started
    display(Markdown(f"{order.random_starts.sum():,} player-games started with a randomly dealt King aid "
                     "(`players.first = \"random\"`), so the first-player edge shows by turn position "
                     "(0 = first to play):"))
    display(Markdown(seat_chart(order)))

# %% [markdown]
# ## Where do the points come from?
# Mean points per player-game from each score component, by player count, and how
# often Order ("De l'ordre !") and Unity ("L'union fait la force !") score at all.

# %%
components = q("select * from met_caprices_score_components where num_players <> 'all' and component <> 'score'")
wide = components.pivot(index="num_players", columns="component", values="points_mean")
ax = wide.plot.bar(stacked=True, figsize=(7, 3.8), rot=0)
ax.set_ylabel("mean points per player-game")
ax.set_title("score components by player count")
plt.show()
overall = q("select * from met_caprices_score_components where num_players = 'all' order by points_mean desc")
display(overall[["component", "n", "points_mean", "points_lo", "points_hi", "hit_rate", "hit_lo", "hit_hi"]].round(3))
order_unity = overall.set_index("component")
display(Markdown(
    f"Order scores in {pct(order_unity.loc['order_points', 'hit_rate'])} of player-games, Unity in "
    f"{pct(order_unity.loc['unity_points', 'hit_rate'])} (n = {order_unity.loc['score', 'n']:,})."
))

# %% [markdown]
# ## Score distributions, margins and ties

# %%
winning = q("select * from met_caprices_winning_score order by num_players")
finals = q("""select num_players, score from fct_caprices_player_games where source = 'simulated'""")
fig, ax = plt.subplots(figsize=(8, 3.5))
for count, part in finals.groupby("num_players"):
    ax.hist(part.score, bins=40, histtype="step", density=True, label=f"{count} players")
ax.set_xlabel("final score")
ax.set_ylabel("density")
ax.legend()
ax.set_title("distribution of final scores")
plt.show()
display(winning[["num_players", "n", "winning_p10", "winning_p50", "winning_p90", "margin_mean", "margin_lo",
                 "margin_hi", "score_tie_rate", "tie_rate"]].round(3))

# %% [markdown]
# ## Caste and ability use
# Rally, Bourgeoise and Noble turns per player-game; Knight and Minister
# transformations at scoring; by agent type (all player counts pooled).

# %%
abilities = q("select * from met_caprices_abilities where num_players = 'all' order by measure, agent")
fig, ax = plt.subplots(figsize=(9, 3.5))
measures = list(dict.fromkeys(abilities.measure))
agents = list(dict.fromkeys(abilities.agent))
width = 0.8 / len(agents)
for i, agent in enumerate(agents):
    part = abilities[abilities.agent == agent].set_index("measure").reindex(measures)
    ax.bar([j + i * width for j in range(len(measures))], part.value, width,
           yerr=errors(part, "value", "lo", "hi"), capsize=2, label=agent)
ax.set_xticks([j + width * (len(agents) - 1) / 2 for j in range(len(measures))], measures, rotation=15, fontsize=8)
ax.set_title("per player-game: turns (mean) and transformations (rate)")
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# ## Which agent wins?
# Win rate by agent type in mixed line-ups only, against the fair share 1/P.

# %%
agents = q("select * from met_agent_win_rate where source = 'simulated' and game = 'caprices' order by num_players, agent")
if len(agents):
    display(agents[["num_players", "agent", "n", "win_rate", "win_lo", "win_hi", "reference", "flagged"]].round(3))
else:
    display(Markdown("No mixed line-ups in this warehouse."))

# %% [markdown]
# ## The Joust: does a match of several games crown the same player as one game?
# The seed's Joust variant plays 4 games in a row, totals the scores and (by default) never reuses a
# Caprice (game `caprices-joust`, ruleset table `[joust]`). Rates over matches, with Wilson 95% intervals;
# *chance* is what a random pick among the players would give (1/P).

# %%
has_joust = len(q("select 1 from information_schema.tables where table_name = 'met_caprices_joust_winners'"))
if not has_joust:
    display(Markdown("No Joust matches in this warehouse (`balance simulate --game caprices-joust ...`)."))
else:
    joust = q("select * from met_caprices_joust_winners where num_players = 'all'").set_index("measure")
    words = {
        "same_as_a_game": "a single game's winner is the match winner",
        "first_game": "the first game's winner wins the match",
        "last_game": "the last game's winner wins the match",
        "most_games": "the match goes to a player who won the most games",
        "no_game": "the match goes to a player who won no game",
    }
    fig, ax = plt.subplots(figsize=(8, 2.8))
    part = joust.reindex(list(words))
    ax.barh([words[m] for m in part.index], part.rate, xerr=errors(part, "rate", "lo", "hi"), capsize=3,
            color="tab:blue")
    ax.set_xlim(0, 1)
    ax.set_xlabel("rate (95% Wilson interval), all player counts pooled")
    plt.show()
    same = joust.loc["same_as_a_game"]
    most = joust.loc["most_games"]
    display(Markdown(
        f"Over {int(joust.loc['first_game', 'n']):,} matches, the winner of a single game is also the match "
        f"winner in {pct(same.rate)} of games ({pct(same.lo)}–{pct(same.hi)}, n = {int(same.n):,} games; "
        f"chance would be {pct(same.chance)}); the match goes to a player who won the most games in "
        f"{pct(most.rate)} ({pct(most.lo)}–{pct(most.hi)}) and to someone who won no game in "
        f"{pct(joust.loc['no_game', 'rate'])}. So a single game names the match winner "
        + ("well above chance but not always: the other games overturn it the rest of the time."
           if same.lo > same.chance else "no better than chance.")
    ))
    display(q("select * from met_caprices_joust_winners order by num_players, measure").round(3))
    agents = q("select * from met_caprices_joust_agents order by num_players, agent")
    if len(agents):
        display(Markdown(
            "**Does the Joust reward the stronger agent more?** In mixed line-ups, each agent's share of the single "
            "games against its share of the matches; *gain* is the paired difference (beyond noise when its "
            "interval excludes 0)."
        ))
        display(agents.round(3))
        pooled = agents[agents.num_players == "all"]
        display(Markdown("; ".join(
            f"{r.agent}: {pct(r.game_win_rate)} of games, {pct(r.match_win_rate)} of matches "
            f"(gain {r.gain:+.3f}, {'beyond' if r.flagged else 'within'} noise)"
            for r in pooled.itertuples()) + "."))



# %% [markdown]
# ## Recorded playtests beside the simulations
# Games people played at a real table (`balance ingest`), compared with the agents'
# games: Caprice hit rates and seat win rates by source, each with n and its 95%
# Wilson interval. A recorded rate is compared only from n = 30 player-games and an
# interval narrower than ±15 points; below that it says *too few recorded games*.

# %%
recorded = q("select count(*) as games, count(distinct run_id) as runs from fct_games "
             "where game = 'caprices' and source = 'recorded'").iloc[0]
if recorded.games == 0:
    display(Markdown("No recorded games yet: record a playtest with `balance record` or write one "
                     "(docs/recorded-games.md) and load it with `balance ingest`."))
else:
    hits = q("""select source, caprice_id, n, hit_rate, hit_lo, hit_hi from met_caprice_hit_rate
                where dimension = 'overall' and not is_common""")
    caprice_rows = beside(hits, ["caprice_id"], "hit_rate", "hit_lo", "hit_hi")
    display(caprice_rows.round(3))
    by_agent = q("""select source, caprice_id, level as agent, n, hit_rate from met_caprice_hit_rate
                    where dimension = 'agent' and not is_common""")
    display(by_agent.pivot_table(index="caprice_id", columns=["source", "agent"], values="hit_rate").round(3))
    seat_rows = beside(q("select * from met_seat_advantage where game = 'caprices'"),
                       ["num_players", "seat"], "win_rate", "win_lo", "win_hi")
    display(seat_rows.round(3))
    compared = caprice_rows[caprice_rows.verdict != "too few recorded games"]
    display(Markdown(
        f"**{recorded.games:,} recorded games** in {recorded.runs} run(s). "
        + (f"{len(compared)} Caprice(s) have enough recorded games to compare; beyond noise: "
           + (", ".join(compared[compared.verdict == "beyond noise"].caprice_id) or "none") + "."
           if len(compared) else
           f"Too few recorded games to conclude anything yet (each rate needs n ≥ {MIN_RECORDED_N} "
           "player-games and an interval narrower than ±15 points).")
    ))

