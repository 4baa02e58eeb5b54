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
# # 4 Gods: balance report
#
# Simulated real-time games from the warehouse. Every player acts on a simulated
# clock as people play: it commits to an action from the board it sees when it starts
# thinking; the action happens a think time later (the ruleset's mean for that action
# type - drawing is quick, placing slow - times the pace profile named like its agent:
# `timing.<agent>`, else `timing.default`; in `standard`, `greedy-fast` thinks 20%
# faster), or fails if another player made it impossible meanwhile, and the player
# plans again. A player may also wait. Every rate comes with its sample size n and a
# 95% Wilson interval; every mean with a 95% normal interval. An orange bar means
# *look here*: beyond noise after a Holm correction over the table's cells, and at
# least the minimum that matters (set in the study file). 4 Gods has no rounds: its
# length is simulated minutes and actions.

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from reports.kit import charts
from reports.kit.notebook import (beside, ci, count, noise_word, open_warehouse, pct, play_words, seat_charts, show,
                                  strongest_play, verdict_seats)
from reports.kit.verdicts import lead_markdown

q, names = open_warehouse(warehouse)
FAST_MATCHUP = "greedy vs greedy-fast"
land = lambda name: names("landscapes", name)  # noqa: E731
look = lambda r: "yes" if r.flagged else ""  # noqa: E731


def pace_words(pace: str, relative: float) -> str:
    """'20% faster' / '25% slower' than the rest of the table."""
    side = "faster" if relative < 1 else "slower"
    return f"{pace} (pace ×{relative:.2f}: {abs(1 - relative):.0%} {side})"


# %% [markdown]
# ## The answers: tilted, fair or undecided
# Each headline cell under the strongest play in the study, from intervals that stay valid however often the
# study looked while it kept playing (one correction per question, ruleset and kind of play). Tilted: beyond
# noise and at least the minimum that matters, sized by the smallest effect the games support; fair: within
# ± the minimum; undecided: with the games it would take.

# %%
display(Markdown(lead_markdown(q("select * from met_verdicts where game = 'gods'"), names)))

# %% [markdown]
# ## What was simulated

# %%
sample = q("""
    select num_players, count(*) as games, count(distinct run_id) as runs,
           string_agg(distinct array_to_string(list_sort(list_distinct(agents)), ' vs '), ', ') as match_ups
    from fct_games where source = 'simulated' and game = 'gods' and in_study group by num_players order by num_players
""")
show(sample, {"players": "num_players", "games": "games", "runs": "runs", "match-ups": "match_ups"})
display(Markdown(f"**{count(sample.games.sum())} games** in all."))

# %% [markdown]
# ## How much does being 20% faster matter?
# Greedy against the same greedy agent with a 20% faster timing profile, seats rotated:
# the win rate of each side against the fair share 1/P (dashed). Pace is a side's mean
# think time relative to the rest of the table (×0.80 = 20% faster); at 3 players the
# rotation seats one or two fast players, so each pace has its own bar. Only the pace
# differs, so any gap is the value of speed.

# %%
speed = q(f"select * from met_gods_speed where source = 'simulated' and matchup = '{FAST_MATCHUP}' order by num_players, relative_pace")
if len(speed):
    counts = sorted(speed.num_players.unique())
    fig, axes = plt.subplots(1, len(counts), figsize=(3.8 * len(counts), 3.2), squeeze=False, sharex=True)
    for ax, players in zip(axes[0], counts):
        part = speed[speed.num_players == players]
        labels = [f"×{r:.2f}" for r in part.relative_pace]
        charts.interval_bars(ax, labels, part.win_rate, part.win_lo, part.win_hi, flagged=part.flagged,
                             horizontal=True, scale=100)
        fair = charts.reference_line(ax, 100 / players, "fair share 1/P", horizontal=True)
        ax.set_title(f"{players} players (n = {count(part.n.sum())} player-games)")
        ax.set_xlabel("win rate (%)")
    axes[0][0].set_ylabel("relative pace (below 1 = faster)")
    charts.legend_below(fig, [fair, charts.look_handle()], 2)
    charts.keep_labels_apart(fig)  # long labels ("3 players (pace ×0.80)") wrap, never overlap
    plt.show()
    display(Markdown("\n".join(
        f"- {r.num_players} players, {pace_words(r.pace, r.relative_pace)}: wins "
        f"{pct(r.win_rate)} ({pct(r.win_lo)}–{pct(r.win_hi)}, n = {count(r.n)}) vs fair share "
        f"{pct(r.reference)}: {noise_word(r.flagged)}."
        for r in speed.itertuples()
    )))
else:
    display(Markdown("No greedy against greedy-fast games in this warehouse: run that line-up to measure speed."))
other_speed = q(f"select * from met_gods_speed where source = 'simulated' and matchup <> '{FAST_MATCHUP}' order by matchup, num_players")
if len(other_speed):
    display(Markdown("Other mixed-pace match-ups (agent strength confounds speed here, so nothing is flagged):"))
    show(other_speed, {"match-up": "matchup", "players": "num_players",
                       "side": lambda r: pace_words(r.pace, r.relative_pace), "player-games": "n",
                       "win rate": ci("win_rate", "win_lo", "win_hi")})

# %% [markdown]
# ## How often do plans fail, by pace?
# A plan fails when another player makes it impossible while the player is still thinking
# (takes the space, changes a neighbouring edge, claims the god first, ...): the attempt costs
# its think time and the player plans again. Failure rate of all plans (waits apart) per pace
# profile and player count, with the 95% Wilson interval over plans (plans of one game are not
# independent: the per-player-game interval in the table is the honest one); then by action.

# %%
fails = q("select * from met_gods_plan_failures where source = 'simulated' "
          "order by matchup, num_players, relative_pace, action")
pooled = fails[fails.action == "all"]
if len(pooled):
    matchups = list(dict.fromkeys(pooled.matchup))
    fig, axes = plt.subplots(1, len(matchups), figsize=(3.6 * len(matchups), 3.4), squeeze=False)
    for ax, matchup in zip(axes[0], matchups):
        part = pooled[pooled.matchup == matchup]
        labels = [f"{n} players\n{p} (×{r:.2f})" for n, p, r in zip(part.num_players, part.pace, part.relative_pace)]
        charts.interval_bars(ax, labels, 100 * part.fail_rate, 100 * part.fail_lo, 100 * part.fail_hi)
        ax.set_title(f"{matchup} (n = {count(part.n.sum())} plans)", fontsize=9)
        ax.tick_params(axis="x", labelsize=7)
    axes[0][0].set_ylabel("plans that fail (%)")
    charts.keep_labels_apart(fig)
    plt.show()
    display(Markdown("\n".join(
        f"- {r.matchup}, {r.num_players} players, {r.pace} (pace ×{r.relative_pace:.2f}): {pct(r.fail_rate)} of "
        f"{count(r.n)} plans fail ({pct(r.fail_lo)} to {pct(r.fail_hi)}); per player-game {pct(r.rate_per_game_mean)} "
        f"({pct(r.rate_per_game_lo)} to {pct(r.rate_per_game_hi)}, n = {count(r.n_player_games)})."
        for r in pooled.itertuples()
    )))
    display(Markdown("Failure rate by action (all match-ups):"))
    show(fails[fails.action != "all"], {"action": "action", "players": "num_players", "pace": "pace",
                                        "plans": "n", "fail": ci("fail_rate", "fail_lo", "fail_hi")})
else:
    display(Markdown("No plans in this warehouse (a lake of version-1 logs has none)."))

# %% [markdown]
# ## Which god wins, and does claiming early pay?
# Left: win rate of the players holding each god, all player counts pooled, minus the
# fair share of those games (0 = fair). Right: win rate by the order in which the god
# was claimed (1 = first claimer of the game), per player count, minus the fair share;
# a star marks a cell to look at.

# %%
gods = strongest_play(q("select * from met_gods_god_win_rate where source = 'simulated' and num_players = 'all' "
                          "order by god"))
claims = strongest_play(q("select * from met_gods_claim_timing where source = 'simulated' "
                          "order by num_players, claim_order"))
display(Markdown(f"God holders {play_words(gods)}; claim order {play_words(claims)}."))
fig, axes = plt.subplots(1, 2, figsize=(11, 3.6))
charts.interval_bars(axes[0], [land(g) for g in gods.god], gods.win_rate - gods.reference,
                     gods.win_lo - gods.reference, gods.win_hi - gods.reference, flagged=gods.flagged, scale=100)
fair = charts.reference_line(axes[0], 0, "fair share")
axes[0].set_ylabel("win rate minus fair share (points)")
axes[0].set_xlabel(f"god held (n = {count(gods.n.sum())} player-games)")
orders = sorted(claims.claim_order.unique(), key=lambda o: (o == "never", o))
series = [(f"{p} players", part.set_index("claim_order")) for p, part in claims.groupby("num_players")]
charts.grouped_bars(axes[1], orders, series, "win_rate", "win_lo", "win_hi", reference="reference", flagged="flagged")
charts.reference_line(axes[1], 0, "fair share")
axes[1].set_xlabel("claim order (1 = first to claim a god)")
axes[1].set_ylabel("win rate minus fair share (points)")
handles = [fair, charts.look_handle(), *axes[1].get_legend_handles_labels()[0],
           charts.star_handle("look here (claim order)")]
charts.legend_below(fig, handles, 6)
charts.keep_labels_apart(fig)
plt.show()
display(Markdown(
    "Gods to look at: " + (", ".join(
        f"{land(r.god)} ({pct(r.win_rate)}, {pct(r.win_lo)}–{pct(r.win_hi)} vs fair {pct(r.reference)}, "
        f"n = {count(r.n)})" for r in gods[gods.flagged].itertuples()) or "none") + ". "
    "Claim orders to look at: " + (", ".join(
        f"order {r.claim_order} at {r.num_players} players ({pct(r.win_rate)} vs {pct(r.reference)}, "
        f"n = {count(r.n)}, claimed at {r.claimed_s_mean:.0f} s on average)"
        for r in claims[claims.flagged].itertuples()) or "none") + "."
))
show(claims, {"players": "num_players", "claim order": "claim_order", "player-games": "n",
              "win rate": ci("win_rate", "win_lo", "win_hi"), "fair share": lambda r: pct(r.reference),
              "claimed at (s)": lambda r: f"{r.claimed_s_mean:.0f}", "look here": look})

# %% [markdown]
# ## Cities
# Cities founded, claimed and broken per game (means, 95% intervals), the share of games
# with at least one city, and what cities are worth per player-game.

# %%
cities = q("select * from met_gods_cities where source = 'simulated' order by num_players")
per_count = cities[cities.num_players != "all"]
fig, axes = plt.subplots(1, 2, figsize=(10, 3.2))
charts.interval_bars(axes[0], list(per_count.num_players), per_count.cities_mean, per_count.cities_lo,
                     per_count.cities_hi)
axes[0].set_ylabel("cities per game")
charts.interval_bars(axes[1], list(per_count.num_players), per_count.city_points_mean, per_count.city_points_lo,
                     per_count.city_points_hi)
axes[1].set_ylabel("city points per player-game")
for ax in axes:
    ax.set_xlabel("players")
charts.keep_labels_apart(fig)
plt.show()
pooled = cities[cities.num_players == "all"].iloc[0]
display(Markdown(
    f"Pooled over {count(pooled.n_games)} games: {pooled.cities_mean:.2f} cities per game "
    f"({pooled.cities_lo:.2f} to {pooled.cities_hi:.2f}); {pct(pooled.city_game_rate)} of games have a city "
    f"({pct(pooled.city_game_lo)}–{pct(pooled.city_game_hi)}); cities make "
    f"{pct(pooled.city_share_of_score)} of all points."
))
show(cities, {"players": "num_players", "games": "n_games", "cities per game": ci("cities_mean", "cities_lo",
              "cities_hi", "value", 2), "claimed": lambda r: f"{r.claimed_mean:.2f}",
              "broken": lambda r: f"{r.broken_mean:.2f}", "games with a city": ci("city_game_rate", "city_game_lo",
                                                                                   "city_game_hi"),
              "city points per player-game": ci("city_points_mean", "city_points_lo", "city_points_hi", "value", 2),
              "share of all points": lambda r: pct(r.city_share_of_score)})

# %% [markdown]
# ## Landscape masses and who wins the bonuses
# Mean final mass (tile edges) per landscape, how often each earns a mass or groups
# bonus, and the win rate of its god's holder against the fair share. Landscapes should
# be interchangeable: one that earns bonuses more often points at the tile mix in the
# ruleset.

# %%
lands = strongest_play(q("select * from met_gods_landscapes where source = 'simulated' order by landscape"))
display(Markdown(f"Landscapes and their gods' holders {play_words(lands)}."))
labels = [land(x) for x in lands.landscape]
fig, axes = plt.subplots(1, 3, figsize=(13, 3.4))
charts.interval_bars(axes[0], labels, lands.mass_mean, lands.mass_lo, lands.mass_hi)
axes[0].set_ylabel("mean mass (tile edges)")
xs = np.arange(len(lands))
axes[1].bar(xs - 0.2, 100 * lands.mass_bonus_rate, 0.4, color=charts.SERIES[0], label="mass bonus",
            yerr=100 * charts.interval_errors(lands.mass_bonus_rate, lands.mass_bonus_lo, lands.mass_bonus_hi))
axes[1].bar(xs + 0.2, 100 * lands.groups_bonus_rate, 0.4, color=charts.SERIES[1], label="groups bonus",
            yerr=100 * charts.interval_errors(lands.groups_bonus_rate, lands.groups_bonus_lo, lands.groups_bonus_hi))
axes[1].set_xticks(xs, labels)
axes[1].set_ylabel("games earning the bonus (%)")
charts.interval_bars(axes[2], labels, lands.holder_win_rate, lands.holder_win_lo, lands.holder_win_hi,
                     flagged=lands.holder_flagged, scale=100)
fair = charts.reference_line(axes[2], 100 * lands.holder_reference.dropna().mean(), "fair share")
axes[2].set_ylabel("win rate of the god's holder (%)")
charts.legend_below(fig, [*axes[1].get_legend_handles_labels()[0], fair, charts.look_handle()], 4)
charts.keep_labels_apart(fig)
plt.show()
display(Markdown(
    f"n = {count(lands.n.max())} games per landscape. Holders to look at: " + (", ".join(
        f"{land(r.landscape)} ({pct(r.holder_win_rate)}, n = {count(r.holder_n)})"
        for r in lands[lands.holder_flagged].itertuples()) or "none") + "."
))
show(lands, {"landscape": lambda r: land(r.landscape), "games": "n",
             "mass (edges)": ci("mass_mean", "mass_lo", "mass_hi", "value"),
             "groups": ci("groups_mean", "groups_lo", "groups_hi", "value"),
             "mass bonus": ci("mass_bonus_rate", "mass_bonus_lo", "mass_bonus_hi"),
             "groups bonus": ci("groups_bonus_rate", "groups_bonus_lo", "groups_bonus_hi"),
             "god claimed": lambda r: pct(r.claimed_rate), "holders": "holder_n",
             "holder win rate": ci("holder_win_rate", "holder_win_lo", "holder_win_hi")})

# %% [markdown]
# ## Prophets placed against points
# Region points and win rate by the number of prophets a player placed on tiles
# (8 = 8 or more), per player count: does sending more prophets pay?

# %%
prophets = q("select * from met_gods_prophets where source = 'simulated' order by num_players, prophets")
fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
for (players, part), colour in zip(prophets.groupby("num_players"), charts.SERIES):
    axes[0].errorbar(part.prophets, part.region_points_mean, yerr=charts.interval_errors(
        part.region_points_mean, part.region_points_lo, part.region_points_hi), marker="o", capsize=2,
        color=colour, label=f"{players} players")
    axes[1].errorbar(part.prophets, 100 * part.win_rate, yerr=100 * charts.interval_errors(
        part.win_rate, part.win_lo, part.win_hi), marker="o", capsize=2, color=colour)
for ax in axes:
    ax.set_xlabel("prophets placed")
axes[0].set_ylabel("region points per player-game")
axes[1].set_ylabel("win rate (%)")
charts.legend_below(fig, axes[0].get_legend_handles_labels()[0], 3)
charts.keep_labels_apart(fig)
plt.show()
flagged = prophets[prophets.flagged]
display(Markdown(
    f"n = {count(prophets.n.sum())} player-games. Prophet counts whose win rate differs from the fair share by "
    "enough to look at: " + (", ".join(f"{r.prophets} at {r.num_players} players ({pct(r.win_rate)}, n = {count(r.n)})"
                                       for r in flagged.itertuples()) or "none") + "."
))

# %% [markdown]
# ## How games end, and how long they take
# Share of games by how they end (frame full; bag empty or stuck: no tile left fits anywhere,
# or nobody can place, draw or discard; idle: no tile moved for the ruleset's `end.idle_ms`)
# per player count, and the game length in simulated minutes (the clock of the last event) and in actions carried out.

# %%
ends = q("select * from met_gods_game_end where source = 'simulated' order by num_players, end_reason")
length = q("""
    select num_players, count(*) as n, avg(duration_ms) / 60000.0 as minutes_mean,
           stddev_samp(duration_ms) / 60000.0 as minutes_sd, avg(tiles_placed) as tiles_mean,
           avg(actions) as actions_mean, avg(plans_failed) as failed_mean, avg(waits) as waits_mean
    from fct_gods_games where source = 'simulated' and in_study group by num_players order by num_players
""")
length["minutes_lo"] = length.minutes_mean - 1.96 * length.minutes_sd.fillna(0) / length.n ** 0.5
length["minutes_hi"] = length.minutes_mean + 1.96 * length.minutes_sd.fillna(0) / length.n ** 0.5
fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
wide = ends.pivot(index="num_players", columns="end_reason", values="rate").fillna(0) * 100
wide.columns = [names("end_reasons", c) for c in wide.columns]
wide.plot.bar(stacked=True, ax=axes[0], rot=0, color=charts.SERIES[: len(wide.columns)], legend=False)
axes[0].set_ylabel("share of games (%)")
axes[0].set_xlabel("players")
charts.interval_bars(axes[1], [str(p) for p in length.num_players], length.minutes_mean, length.minutes_lo,
                     length.minutes_hi)
axes[1].set_xlabel("players")
axes[1].set_ylabel("simulated minutes per game")
charts.legend_below(fig, axes[0].get_legend_handles_labels()[0], 3)
charts.keep_labels_apart(fig)
plt.show()
show(ends, {"players": "num_players", "how the game ended": lambda r: names("end_reasons", r.end_reason),
            "games": "k", "share of games": ci("rate", "rate_lo", "rate_hi"),
            "tiles in the world": lambda r: f"{r.tiles_mean:.1f}", "minutes": lambda r: f"{r.minutes_mean:.1f}",
            "actions": lambda r: f"{r.actions_mean:.1f}"})
display(Markdown("\n".join(
    f"- {r.num_players} players: {r.minutes_mean:.1f} simulated minutes ({r.minutes_lo:.1f} to {r.minutes_hi:.1f}), "
    f"{r.actions_mean:.1f} actions ({r.failed_mean:.1f} failed attempts and {r.waits_mean:.1f} waits besides), "
    f"{r.tiles_mean:.1f} tiles in the world, n = {count(r.n)} games."
    for r in length.itertuples()
)))

# %% [markdown]
# ## Is any seat favoured?
# Win rate by seat in uniform line-ups (every seat the same agent), with the fair share
# 1/P dashed. In real time a seat only matters through tie-breaks and the deal.

# %%
# the verdicts' rows (anytime-valid intervals, orange when tilted), as on the index and every other page
seat_charts(verdict_seats(q("select * from met_verdicts where game = 'gods' and finding = 'seat_win_rate'")), names)

# %% [markdown]
# ## How strong are the agents?
# Win rate of each agent per match-up and player count, seats rotated, against the fair
# share 1/P: how good the play is, not an imbalance, so nothing here is flagged.

# %%
agents = q("""
    select array_to_string(list_sort(list_distinct(g.agents)), ' vs ') as matchup, p.num_players, p.agent,
           count(*) as n, sum(p.win_share) as wins, avg(p.score) as score_mean,
           wilson_lo(sum(p.win_share), count(*)) as win_lo, wilson_hi(sum(p.win_share), count(*)) as win_hi
    from fct_player_games as p inner join fct_games as g using (game, run_id, game_id)
    where p.game = 'gods' and p.is_mixed_lineup and p.source = 'simulated' and p.in_study
    group by all order by matchup, p.num_players, p.agent
""")
agents["win_rate"] = agents.wins / agents.n
show(agents, {"match-up": "matchup", "players": "num_players", "agent": "agent", "player-games": "n",
              "win rate": ci("win_rate", "win_lo", "win_hi"), "fair share": lambda r: pct(1 / r.num_players),
              "mean score": lambda r: f"{r.score_mean:.1f}"}, empty="No mixed line-ups in this warehouse.")

# %% [markdown]
# ## Recorded playtests beside the simulations
# Games people played at a real table (`balance ingest`, times from a stopwatch) beside the
# agents': the win rate of each god's holder, seat win rates, and how often a grab came
# too late, each with n and its 95% Wilson interval. A recorded rate is compared only
# from n = 30 and an interval narrower than ±15 points; below that it says so.

# %%
recorded = q("select count(*) as games from fct_games where game = 'gods' and source = 'recorded'").iloc[0]
if recorded.games == 0:
    display(Markdown("No recorded games yet: load playtests with `balance ingest` (docs/recorded-games.md)."))
else:
    god_rows = beside(q("select * from met_gods_god_win_rate where num_players = 'all'"), ["god"],
                      "win_rate", "win_lo", "win_hi")
    show(god_rows, {"god": "god", "recorded player-games": "n_recorded",
                    "recorded win rate": ci("win_rate_recorded", "win_lo_recorded", "win_hi_recorded"),
                    "simulated win rate": ci("win_rate_simulated", "win_lo_simulated", "win_hi_simulated"),
                    "verdict": "verdict"})
    seat_rows = beside(q("select * from met_seat_advantage where game = 'gods'"), ["num_players", "seat"],
                       "win_rate", "win_lo", "win_hi")
    show(seat_rows, {"players": "num_players", "seat": lambda r: str(int(r.seat) + 1),
                     "recorded games": "n_recorded",
                     "recorded win rate": ci("win_rate_recorded", "win_lo_recorded", "win_hi_recorded"),
                     "simulated win rate": ci("win_rate_simulated", "win_lo_simulated", "win_hi_simulated"),
                     "verdict": "verdict"})
    failure_rows = beside(q("select source, num_players, sum(n) as n, sum(failures) as failures, "
                            "sum(failed) / sum(n) as rate, wilson_lo(sum(failed), sum(n)) as lo, "
                            "wilson_hi(sum(failed), sum(n)) as hi from met_gods_plan_failures "
                            "where action = 'all' group by source, num_players"), ["num_players"], "rate", "lo", "hi")
    show(failure_rows, {"players": "num_players", "recorded plans": "n_recorded",
                        "recorded failed": ci("rate_recorded", "lo_recorded", "hi_recorded"),
                        "simulated failed": ci("rate_simulated", "lo_simulated", "hi_simulated"),
                        "verdict": "verdict"})
    verdicts = pd.concat([god_rows.verdict, seat_rows.verdict, failure_rows.verdict]).value_counts()
    display(Markdown(f"**{count(recorded.games)} recorded games**; verdicts: "
                     + ", ".join(f"{v} ({n})" for v, n in verdicts.items()) + "."))
