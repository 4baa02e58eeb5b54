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
# Simulated games from the warehouse. Every rate comes with its sample size n and
# a 95% Wilson interval; every mean with a 95% normal interval. An orange bar means
# *look here*: beyond noise after a Holm correction over the table's cells, and at
# least the minimum that matters (5 points of hit rate, 2 of win rate; set in the
# study file).

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from reports.kit import charts
from reports.kit.notebook import (MIN_RECORDED_N, beside, ci, count, open_warehouse, pct, play_words, seat_chart,
                                  seat_charts, show, strongest_play, verdict_seats)
from reports.kit.verdicts import lead_markdown

q, names = open_warehouse(warehouse)
caprice = lambda r: names("caprices", r.caprice_id)  # noqa: E731

# %% [markdown]
# ## The answers: tilted, fair or undecided
# Each headline cell under the strongest play in the study, from intervals that stay valid however often the
# study looked while it kept playing (one correction per question, ruleset and kind of play). Tilted: beyond
# noise and at least the minimum that matters, sized by the smallest effect the games support; fair: within
# ± the minimum; undecided: with the games it would take.

# %%
display(Markdown(lead_markdown(q("select * from met_verdicts where game = 'caprices'"), names)))

# %% [markdown]
# ## What was simulated

# %%
sample = q("""
    select num_players, count(*) as games, count(distinct run_id) as runs,
           string_agg(distinct lineup, ', ' order by lineup) as lineups
    from fct_games where source = 'simulated' and game = 'caprices' and in_study group by num_players order by num_players
""")
show(sample, {"players": "num_players", "games": "games", "runs": "runs", "line-ups (seat 1 first)": "lineups"})
display(Markdown(f"**{count(sample.games.sum())} games** in all."))

# %% [markdown]
# ## Which Caprices are met, and how often?
# Hit rate of each Caprice over the player-games in which it was in play. The dashed
# line is the pooled hit rate of all face-down Caprices; grey bars are the two common
# Caprices (always in play, not compared).

# %%
hits = strongest_play(q("select * from met_caprice_hit_rate where source = 'simulated' and dimension = 'overall' order by hit_rate desc"))
fig, ax = plt.subplots(figsize=(8.5, 0.3 * len(hits) + 1.6))
charts.interval_bars(ax, [caprice(r) for r in hits.itertuples()], hits.hit_rate, hits.hit_lo, hits.hit_hi,
                     flagged=hits.flagged, horizontal=True, scale=100)
for patch, common in zip(ax.patches, hits.is_common):
    if common:
        patch.set_color(charts.CONTEXT)
pooled = hits.loc[~hits.is_common, "reference"].dropna()
handles = [charts.look_handle(), charts.Patch(color=charts.CONTEXT, label="common Caprice (not compared)")]
if len(pooled):
    handles.insert(0, charts.reference_line(ax, 100 * pooled.iloc[0], f"pooled face-down rate {pct(pooled.iloc[0])}",
                                            horizontal=True))
ax.set_xlabel("hit rate (% of player-games in which it was in play)")
charts.legend_below(fig, handles)
plt.show()
flagged = hits[hits.flagged]
display(Markdown(
    f"n per Caprice: {count(hits.n.min())}–{count(hits.n.max())} player-games. "
    + (f"To look at: {', '.join(f'{caprice(r)} ({pct(r.hit_rate)})' for r in flagged.itertuples())}."
       if len(flagged) else "No face-down Caprice differs from the pooled rate by enough to matter.")
))
show(hits, {"Caprice": caprice, "player-games": "n", "hit rate": ci("hit_rate", "hit_lo", "hit_hi"),
            "points when in play": ci("points_mean", "points_lo", "points_hi", "value"),
            "hit rate among winners": lambda r: pct(r.winner_hit_rate),
            "look here": lambda r: "yes" if r.flagged else ""})

# %% [markdown]
# ## Is the +30 slot too generous?
# Left: how often the Caprice in each bonus slot is met, minus the pooled face-down rate
# at that player count (0 = a typical Caprice); right: the points each slot pays per
# player-game. A star marks a slot to look at.

# %%
slots = strongest_play(q("select * from met_caprice_slot_hit_rate where source = 'simulated' and num_players <> 'all' order by num_players, slot"))
labels = list(dict.fromkeys(slots.slot_label))
series = [(f"{p} players", part.set_index("slot_label")) for p, part in slots.groupby("num_players", sort=False)]
fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
charts.grouped_bars(axes[0], [label for label in labels if label != "common"], series, "hit_rate", "hit_lo",
                    "hit_hi", reference="reference", flagged="flagged")
charts.grouped_bars(axes[1], labels, series, "points_mean", "points_lo", "points_hi")
charts.reference_line(axes[0], 0, "pooled face-down rate")
axes[0].set_ylabel("hit rate minus pooled rate (points)")
axes[1].set_ylabel("points per player-game")
axes[0].set_xlabel("bonus slot")
axes[1].set_xlabel("bonus slot")
handles = [*axes[0].get_legend_handles_labels()[0],
           charts.Line2D([], [], ls="--", color="#333", label="pooled face-down rate"),
           charts.star_handle()]
charts.legend_below(fig, handles, 6)
plt.show()
flagged = slots[slots.flagged]
display(Markdown(
    "Slots to look at: " + (", ".join(f"{r.slot_label} at {r.num_players} players ({pct(r.hit_rate)} vs "
                                      f"{pct(r.reference)})" for r in flagged.itertuples()) or "none") + "."
))
show(slots[slots.reference.notna()], {
    "slot": "slot_label", "players": "num_players", "player-games": "n",
    "hit rate": ci("hit_rate", "hit_lo", "hit_hi"), "pooled face-down rate": lambda r: pct(r.reference),
    "points per player-game": ci("points_mean", "points_lo", "points_hi", "value"),
    "look here": lambda r: "yes" if r.flagged else ""})

# %% [markdown]
# ## Is the first seat favoured?
# Win rate (a shared win counts 1/k) by seat, seat 1 playing first, with the fair
# share 1/P dashed. Uniform line-ups only (every seat the same agent type), so agent
# strength cannot masquerade as a seat effect; seats also rotate across games.

# %%
# the verdicts' rows (anytime-valid intervals, orange when tilted), as on the index and every other page
seat_charts(verdict_seats(q("select * from met_verdicts where game = 'caprices' and finding = 'seat_win_rate'")), names)
order = q("select *, turn_position as seat from met_caprices_turn_order where source = 'simulated' order by num_players, turn_position")
if order.random_starts.sum():  # the King aid dealt at random: seats no longer tell who started
    display(Markdown(f"{order.random_starts.sum():,} player-games started with a randomly dealt King aid "
                     "(`players.first = \"random\"`), so the first-player edge shows by turn position "
                     "(0 = first to play):"))
    display(Markdown(seat_chart(order)))

# %% [markdown]
# ## Where do the points come from?
# Mean points per player-game from each score component, by player count, and how
# often each common Caprice scores at all.

# %%
components = q("select * from met_caprices_score_components where source = 'simulated' and num_players <> 'all' and component <> 'score'")
wide = components.pivot(index="num_players", columns="component", values="points_mean")
wide.columns = [names("components", c) for c in wide.columns]
fig, ax = plt.subplots(figsize=(8, 3.8))
wide.plot.bar(stacked=True, ax=ax, rot=0, color=charts.SERIES[: len(wide.columns)], legend=False)
ax.set_xlabel("players")
ax.set_ylabel("mean points per player-game")
charts.legend_below(fig, ax.get_legend_handles_labels()[0], 5)
plt.show()
overall = q("select * from met_caprices_score_components where source = 'simulated' and num_players = 'all' order by points_mean desc")
show(overall, {"component": lambda r: names("components", r.component), "player-games": "n",
               "mean points": ci("points_mean", "points_lo", "points_hi", "value"),
               "scores at all": ci("hit_rate", "hit_lo", "hit_hi")})

# %% [markdown]
# ## Score distributions, margins and ties

# %%
winning = strongest_play(q("select * from met_caprices_winning_score where source = 'simulated' order by num_players"))
display(Markdown(f"Final and winning scores {play_words(winning)}."))
finals = q("""select player_games.num_players, player_games.score, games.agent_mix
              from fct_caprices_player_games as player_games inner join fct_games as games using (run_id, game_id)
              where player_games.source = 'simulated' and player_games.in_study""")
finals = finals[finals.agent_mix.isin(set(winning.agent_mix))]
fig, ax = plt.subplots(figsize=(8, 3.5))
for (players, part), colour in zip(finals.groupby("num_players"), charts.SERIES):
    ax.hist(part.score, bins=40, histtype="step", density=True, label=f"{players} players", color=colour, lw=1.5)
ax.set_xlabel("final score (points)")
ax.set_ylabel("share of player-games per point")
charts.legend_below(fig, ax.get_legend_handles_labels()[0], 4)
plt.show()
show(winning, {"players": "num_players", "games": "n",
               "winning score (10th / 50th / 90th percentile)": lambda r: (
                   f"{r.winning_p10:.0f} / {r.winning_p50:.0f} / {r.winning_p90:.0f}"),
               "winning margin": ci("margin_mean", "margin_lo", "margin_hi", "value"),
               "tied on score": lambda r: pct(r.score_tie_rate), "tied after tie-break": lambda r: pct(r.tie_rate)})

# %% [markdown]
# ## Caste and ability use
# Rally, Bourgeoise and Noble turns per player-game; Knight and Minister
# transformations at scoring; by agent type (all player counts pooled).

# %%
abilities = q("select * from met_caprices_abilities where source = 'simulated' and num_players = 'all' order by measure, agent")
measures = list(dict.fromkeys(abilities.measure))
fig, ax = plt.subplots(figsize=(9, 3.5))
charts.grouped_bars(ax, measures, [(agent, part.set_index("measure")) for agent, part in abilities.groupby("agent")],
                    "value", "lo", "hi", tick_labels=[names("measures", m) for m in measures])
ax.tick_params(axis="x", labelrotation=15, labelsize=8)
ax.set_ylabel("per player-game (turns or share)")
charts.legend_below(fig, ax.get_legend_handles_labels()[0], 4)
plt.show()

# %% [markdown]
# ## How strong are the agents?
# Win rate by agent type in mixed line-ups, against the fair share 1/P: how good the
# play is, not an imbalance, so nothing here is flagged.

# %%
agents = q("select * from met_agent_win_rate where source = 'simulated' and game = 'caprices' order by num_players, agent")
show(agents, {"players": "num_players", "agent": "agent", "player-games": "n",
              "win rate": ci("win_rate", "win_lo", "win_hi"), "fair share": lambda r: pct(r.reference)},
     empty="No mixed line-ups in this warehouse.")

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
    charts.interval_bars(ax, [words[m] for m in part.index], part.rate, part.lo, part.hi, horizontal=True, scale=100)
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of matches or games (%), all player counts pooled")
    plt.show()
    same = joust.loc["same_as_a_game"]
    most = joust.loc["most_games"]
    display(Markdown(
        f"Over {count(joust.loc['first_game', 'n'])} matches, the winner of a single game is also the match "
        f"winner in {pct(same.rate)} of games ({pct(same.lo)}–{pct(same.hi)}, n = {count(same.n)} games; "
        f"chance would be {pct(same.chance)}); the match goes to a player who won the most games in "
        f"{pct(most.rate)} ({pct(most.lo)}–{pct(most.hi)}) and to someone who won no game in "
        f"{pct(joust.loc['no_game', 'rate'])}. So a single game names the match winner "
        + ("well above chance but not always: the other games overturn it the rest of the time."
           if same.lo > same.chance else "no better than chance.")
    ))
    winners = q("select * from met_caprices_joust_winners order by num_players, measure")
    show(winners, {"players": "num_players", "question": lambda r: words.get(r.measure, r.measure),
                   "matches or games": "n", "rate": ci("rate", "lo", "hi"),
                   "chance": lambda r: "" if r.chance != r.chance or r.chance is None else pct(r.chance)})
    agents = q("select * from met_caprices_joust_agents order by num_players, agent")
    if len(agents):
        display(Markdown(
            "**Does the Joust reward the stronger agent more?** In mixed line-ups, each agent's share of the single "
            "games against its share of the matches; *gain* is the paired difference (beyond noise when its "
            "interval excludes 0)."
        ))
        show(agents, {"players": "num_players", "agent": "agent", "matches": "matches",
                      "share of games": ci("game_win_rate", "game_lo", "game_hi"),
                      "share of matches": ci("match_win_rate", "match_lo", "match_hi"),
                      "gain (points of share)": lambda r: f"{100 * r.gain:+.1f} ({100 * r.gain_lo:+.1f} to "
                                                          f"{100 * r.gain_hi:+.1f})"})
        pooled = agents[agents.num_players == "all"]
        display(Markdown("; ".join(
            f"{r.agent}: {pct(r.game_win_rate)} of games, {pct(r.match_win_rate)} of matches "
            f"(gain {100 * r.gain:+.1f} points, {'beyond' if r.flagged else 'within'} noise)"
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
    show(caprice_rows, {"Caprice": caprice, "recorded player-games": "n_recorded",
                        "recorded hit rate": ci("hit_rate_recorded", "hit_lo_recorded", "hit_hi_recorded"),
                        "simulated player-games": lambda r: count(r.n_simulated),
                        "simulated hit rate": ci("hit_rate_simulated", "hit_lo_simulated", "hit_hi_simulated"),
                        "verdict": "verdict"})
    by_agent = q("""select source, caprice_id, level as agent, n, hit_rate, hit_lo, hit_hi from met_caprice_hit_rate
                    where dimension = 'agent' and not is_common order by caprice_id, source, agent""")
    show(by_agent, {"Caprice": caprice, "source": "source", "player": "agent", "player-games": "n",
                    "hit rate": ci("hit_rate", "hit_lo", "hit_hi")})
    seat_rows = beside(q("select * from met_seat_advantage where game = 'caprices'"),
                       ["num_players", "seat"], "win_rate", "win_lo", "win_hi")
    show(seat_rows, {"players": "num_players", "seat": lambda r: str(int(r.seat) + 1),
                     "recorded games": "n_recorded",
                     "recorded win rate": ci("win_rate_recorded", "win_lo_recorded", "win_hi_recorded"),
                     "simulated win rate": ci("win_rate_simulated", "win_lo_simulated", "win_hi_simulated"),
                     "verdict": "verdict"})
    compared = caprice_rows[caprice_rows.verdict != "too few recorded games"]
    display(Markdown(
        f"**{count(recorded.games)} recorded games** in {recorded.runs} run(s). "
        + (f"{len(compared)} Caprice(s) have enough recorded games to compare; beyond noise: "
           + (", ".join(caprice(r) for r in compared[compared.verdict == "beyond noise"].itertuples()) or "none")
           + "."
           if len(compared) else
           f"Too few recorded games to conclude anything yet (each rate needs n ≥ {MIN_RECORDED_N} "
           "player-games and an interval narrower than ±15 points).")
    ))

