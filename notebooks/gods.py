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
# Simulated real-time games read from the warehouse (`balance warehouse build`).
# Every player acts on a simulated clock as people play: it commits to an action from
# the board it sees when it starts thinking; the action happens a think time later
# (the ruleset's mean for that action type - drawing is quick, placing slow - times
# the pace profile named like its agent: `timing.<agent>`, else `timing.default`; in
# `standard`, `greedy-fast` thinks 20% faster), or fails if another player made it
# impossible meanwhile, and the player plans again. A player may also wait. Every rate
# comes with its sample size n and a 95% Wilson interval; every mean with a 95%
# normal interval. A difference is *beyond noise* only when the reference value
# lies outside the interval. 4 Gods has no rounds: its length is simulated minutes
# and actions.

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import Markdown, display

from balance.notebook import errors, noise_word, open_warehouse, pct, seat_chart

q = open_warehouse(warehouse)
FAST_MATCHUP = "greedy vs greedy-fast"



def flag_colors(flags: pd.Series) -> list:
    return ["tab:red" if f else "tab:blue" for f in flags]


# %% [markdown]
# ## What was simulated

# %%
sample = q("""
    select num_players, count(*) as games, count(distinct run_id) as runs,
           string_agg(distinct array_to_string(list_sort(list_distinct(agents)), ' vs '), ', ') as match_ups
    from fct_games where source = 'simulated' and game = 'gods' group by num_players order by num_players
""")
display(sample)
runs = q("select run_id, ruleset, ruleset_digest, code_version from runs where game = 'gods' order by run_id")
display(Markdown(f"**{sample.games.sum():,} games** in {len(runs)} run(s)."))

# %% [markdown]
# ## How much does being 20% faster matter?
# Greedy against the same greedy agent with a 20% faster timing profile, seats rotated:
# win rate of each side (relative pace = own mean think time / the opponents' mean;
# 0.80 = 20% faster than the table) against the fair share 1/P (dashed). Only the
# pace differs, so any gap is the value of speed.

# %%
speed = q(f"select * from met_gods_speed where matchup = '{FAST_MATCHUP}' order by num_players, relative_pace")
if len(speed):
    counts = sorted(speed.num_players.unique())
    fig, axes = plt.subplots(1, len(counts), figsize=(3.4 * len(counts), 3.4), squeeze=False)
    for ax, count in zip(axes[0], counts):
        part = speed[speed.num_players == count]
        labels = [f"{p}\n×{r:.2f}" for p, r in zip(part.pace, part.relative_pace)]
        ax.bar(labels, part.win_rate, yerr=errors(part, "win_rate", "win_lo", "win_hi"), capsize=3,
               color=flag_colors(part.flagged))
        ax.axhline(1 / count, ls="--", color="k", lw=1)
        ax.set_title(f"{count} players (n={part.n.sum():,} player-games)", fontsize=9)
    axes[0][0].set_ylabel("win rate (95% Wilson)")
    plt.tight_layout()
    plt.show()
    display(Markdown("\n".join(
        f"- {r.num_players} players, {r.pace} (pace ×{r.relative_pace:.2f}, realised ×{r.relative_think_mean:.2f}): "
        f"wins {pct(r.win_rate)} ({pct(r.win_lo)}–{pct(r.win_hi)}, n = {r.n:,}) vs fair share "
        f"{pct(r.reference)}: {noise_word(r.flagged)}."
        for r in speed.itertuples()
    )))
else:
    display(Markdown(f"No '{FAST_MATCHUP}' games in this warehouse: run that line-up to measure speed."))
other_speed = q(f"select * from met_gods_speed where matchup <> '{FAST_MATCHUP}' order by matchup, num_players")
if len(other_speed):
    display(Markdown("Other mixed-pace match-ups (agent strength confounds speed here):"))
    display(other_speed[["matchup", "num_players", "pace", "relative_pace", "n", "win_rate", "win_lo", "win_hi",
                         "flagged"]].round(3))

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
        labels = [f"{n}p {p}\n×{r:.2f}" for n, p, r in zip(part.num_players, part.pace, part.relative_pace)]
        ax.bar(labels, part.fail_rate, yerr=errors(part, "fail_rate", "fail_lo", "fail_hi"), capsize=3)
        ax.set_title(f"{matchup} (n={part.n.sum():,} plans)", fontsize=9)
        ax.tick_params(axis="x", labelsize=7)
    axes[0][0].set_ylabel("share of plans that fail (95% Wilson)")
    plt.tight_layout()
    plt.show()
    display(Markdown("\n".join(
        f"- {r.matchup}, {r.num_players} players, {r.pace} (pace ×{r.relative_pace:.2f}): {pct(r.fail_rate)} of "
        f"{r.n:,} plans fail ({pct(r.fail_lo)}–{pct(r.fail_hi)}); per player-game {pct(r.rate_per_game_mean)} "
        f"({pct(r.rate_per_game_lo)}–{pct(r.rate_per_game_hi)}, n = {r.n_player_games:,})."
        for r in pooled.itertuples()
    )))
    by_action = fails[fails.action != "all"].pivot_table(
        index="action", columns=["num_players", "pace"], values="fail_rate", aggfunc="mean")
    display(Markdown("Failure rate by action (all match-ups):"))
    display(by_action.round(3))
else:
    display(Markdown("No plans in this warehouse (a lake of version-1 logs has none)."))

# %% [markdown]
# ## Which god wins, and does claiming early pay?
# Left: win rate of the players holding each god ('none' = never claimed one), all player
# counts pooled, against the fair share (mean 1/P, dashed). Right: win rate by the order in
# which the god was claimed (1 = first claimer of the game) per player count.

# %%
gods = q("select * from met_gods_god_win_rate where num_players = 'all' order by god")
claims = q("select * from met_gods_claim_timing order by num_players, claim_order")
fig, axes = plt.subplots(1, 2, figsize=(11, 3.6))
axes[0].bar(gods.god, gods.win_rate, yerr=errors(gods, "win_rate", "win_lo", "win_hi"), capsize=3,
            color=flag_colors(gods.flagged))
for ref in gods.reference.unique():
    axes[0].axhline(ref, ls="--", color="k", lw=1)
axes[0].set_title(f"win rate by god (n={gods.n.sum():,} player-games)")
counts = sorted(claims.num_players.unique())
width = 0.8 / max(len(counts), 1)
orders = sorted(claims.claim_order.unique(), key=lambda o: (o == "never", o))
for i, count in enumerate(counts):
    part = claims[claims.num_players == count].set_index("claim_order").reindex(orders)
    xs = [j + i * width for j in range(len(orders))]
    axes[1].bar(xs, part.win_rate, width, yerr=errors(part, "win_rate", "win_lo", "win_hi"), capsize=2,
                label=f"{count} players", edgecolor=["tab:red" if f is True else "none" for f in part.flagged],
                linewidth=2)
    axes[1].hlines(1 / count, xs[0] - width / 2, xs[-1] + width / 2, colors="k", linestyles="--", lw=1)
axes[1].set_xticks([j + width * (len(counts) - 1) / 2 for j in range(len(orders))], orders)
axes[1].set_xlabel("claim order (1 = first to claim a god)")
axes[1].set_title("win rate by claim order (red edge = beyond noise)")
axes[1].legend(fontsize=8)
plt.tight_layout()
plt.show()
display(Markdown(
    "Gods beyond noise vs the fair share: " + (", ".join(
        f"{r.god} ({pct(r.win_rate)}, {pct(r.win_lo)}–{pct(r.win_hi)}, n = {r.n:,})"
        for r in gods[gods.flagged].itertuples()) or "none") + ". "
    "Claim orders beyond noise: " + (", ".join(
        f"order {r.claim_order} at {r.num_players}p ({pct(r.win_rate)} vs {pct(r.reference)}, n = {r.n:,}, "
        f"claimed at {r.claimed_s_mean:.0f} s on average)"
        for r in claims[claims.flagged].itertuples()) or "none") + "."
))
display(claims[["num_players", "claim_order", "n", "win_rate", "win_lo", "win_hi", "claimed_s_mean", "flagged"]]
        .round(3))

# %% [markdown]
# ## Cities
# Cities founded, claimed and broken per game (means, 95% intervals), the share of games
# with at least one city, and what cities are worth per player-game.

# %%
cities = q("select * from met_gods_cities order by num_players")
per_count = cities[cities.num_players != "all"]
fig, axes = plt.subplots(1, 2, figsize=(10, 3.4))
axes[0].bar(per_count.num_players, per_count.cities_mean, yerr=errors(per_count, "cities_mean", "cities_lo",
            "cities_hi"), capsize=3)
axes[0].set_xlabel("players")
axes[0].set_title("cities per game")
axes[1].bar(per_count.num_players, per_count.city_points_mean, yerr=errors(per_count, "city_points_mean",
            "city_points_lo", "city_points_hi"), capsize=3, color="tab:green")
axes[1].set_xlabel("players")
axes[1].set_title("city points per player-game")
plt.tight_layout()
plt.show()
pooled = cities[cities.num_players == "all"].iloc[0]
display(Markdown(
    f"Pooled over {pooled.n_games:,} games: {pooled.cities_mean:.2f} cities per game "
    f"({pooled.cities_lo:.2f}–{pooled.cities_hi:.2f}); {pct(pooled.city_game_rate)} of games have a city "
    f"({pct(pooled.city_game_lo)}–{pct(pooled.city_game_hi)}); cities make "
    f"{pct(pooled.city_share_of_score)} of all points."
))
display(cities.round(3))

# %% [markdown]
# ## Landscape masses and who wins the bonuses
# Mean final mass (tile edges) and number of separate groups per landscape, how often
# each earns a mass or groups bonus, and the win rate of its god's holder against the
# fair share (red = beyond noise). Landscapes should be interchangeable: a landscape that
# earns bonuses more often points at the tile mix in the ruleset.

# %%
lands = q("select * from met_gods_landscapes order by landscape")
fig, axes = plt.subplots(1, 3, figsize=(13, 3.4))
axes[0].bar(lands.landscape, lands.mass_mean, yerr=errors(lands, "mass_mean", "mass_lo", "mass_hi"), capsize=3)
axes[0].set_title("mean mass (edges)")
axes[1].bar(lands.landscape, lands.mass_bonus_rate, yerr=errors(lands, "mass_bonus_rate", "mass_bonus_lo",
            "mass_bonus_hi"), capsize=3, width=0.4, label="mass bonus")
axes[1].bar([i + 0.4 for i in range(len(lands))], lands.groups_bonus_rate, yerr=errors(lands, "groups_bonus_rate",
            "groups_bonus_lo", "groups_bonus_hi"), capsize=3, width=0.4, label="groups bonus")
axes[1].legend(fontsize=8)
axes[1].set_title("share of games earning a bonus")
axes[2].bar(lands.landscape, lands.holder_win_rate, yerr=errors(lands, "holder_win_rate", "holder_win_lo",
            "holder_win_hi"), capsize=3, color=flag_colors(lands.holder_flagged))
for ref in lands.holder_reference.dropna().unique():
    axes[2].axhline(ref, ls="--", color="k", lw=1)
axes[2].set_title("win rate of the god's holder")
plt.tight_layout()
plt.show()
display(Markdown(
    f"n = {lands.n.max():,} games per landscape. Holders beyond noise: " + (", ".join(
        f"{r.landscape} ({pct(r.holder_win_rate)}, n = {r.holder_n:,})"
        for r in lands[lands.holder_flagged].itertuples()) or "none") + "."
))
display(lands[["landscape", "n", "mass_mean", "groups_mean", "mass_bonus_rate", "groups_bonus_rate", "claimed_rate",
               "holder_n", "holder_win_rate", "holder_win_lo", "holder_win_hi", "holder_flagged"]].round(3))

# %% [markdown]
# ## Prophets placed against points
# Region points and final score by the number of prophets a player placed on tiles
# (8 = 8 or more), per player count; does sending more prophets pay?

# %%
prophets = q("select * from met_gods_prophets order by num_players, prophets")
fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
for count, part in prophets.groupby("num_players"):
    axes[0].errorbar(part.prophets, part.region_points_mean, yerr=errors(part, "region_points_mean",
                     "region_points_lo", "region_points_hi"), marker="o", capsize=2, label=f"{count} players")
    axes[1].errorbar(part.prophets, part.win_rate, yerr=errors(part, "win_rate", "win_lo", "win_hi"), marker="o",
                     capsize=2, label=f"{count} players")
axes[0].set_xlabel("prophets placed")
axes[0].set_title("region points per player-game")
axes[1].set_xlabel("prophets placed")
axes[1].set_title("win rate")
axes[1].legend(fontsize=8)
plt.tight_layout()
plt.show()
flagged = prophets[prophets.flagged]
display(Markdown(
    f"n = {prophets.n.sum():,} player-games. Prophet counts whose win rate differs from the fair share beyond "
    "noise: " + (", ".join(f"{r.prophets} at {r.num_players}p ({pct(r.win_rate)}, n = {r.n:,})"
                           for r in flagged.itertuples()) or "none") + "."
))

# %% [markdown]
# ## How games end, and how long they take
# Share of games by end reason (frame full; bag empty or stuck: no tile left fits anywhere,
# or nobody can place, draw or discard) per player count, and the game length in simulated
# minutes (the clock of the last event) and in actions carried out.

# %%
ends = q("select * from met_gods_game_end order by num_players, end_reason")
length = q("""
    select num_players, count(*) as n, avg(duration_ms) / 60000.0 as minutes_mean,
           stddev_samp(duration_ms) / 60000.0 as minutes_sd, avg(tiles_placed) as tiles_mean,
           avg(actions) as actions_mean, avg(plans_failed) as failed_mean, avg(waits) as waits_mean
    from fct_gods_games where source = 'simulated' group by num_players order by num_players
""")
length["minutes_lo"] = length.minutes_mean - 1.96 * length.minutes_sd.fillna(0) / length.n ** 0.5
length["minutes_hi"] = length.minutes_mean + 1.96 * length.minutes_sd.fillna(0) / length.n ** 0.5
fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
wide = ends.pivot(index="num_players", columns="end_reason", values="rate").fillna(0)
wide.plot.bar(stacked=True, ax=axes[0], rot=0)
axes[0].set_ylabel("share of games")
axes[0].set_title("how games end")
axes[1].bar(length.num_players.astype(str), length.minutes_mean, yerr=errors(length, "minutes_mean", "minutes_lo",
            "minutes_hi"), capsize=3, color="tab:purple")
axes[1].set_xlabel("players")
axes[1].set_title("simulated minutes per game")
plt.tight_layout()
plt.show()
display(ends[["num_players", "end_reason", "n", "k", "rate", "rate_lo", "rate_hi", "tiles_mean", "minutes_mean",
              "actions_mean"]].round(3))
display(Markdown("\n".join(
    f"- {r.num_players} players: {r.minutes_mean:.1f} simulated minutes ({r.minutes_lo:.1f}–{r.minutes_hi:.1f}), "
    f"{r.actions_mean:.1f} actions ({r.failed_mean:.1f} failed attempts and {r.waits_mean:.1f} waits besides), "
    f"{r.tiles_mean:.1f} tiles in the world, n = {r.n:,} games."
    for r in length.itertuples()
)))

# %% [markdown]
# ## Is any seat favoured?
# Win rate by seat in uniform line-ups (every seat the same agent), with the fair share
# 1/P dashed. In real time a seat only matters through tie-breaks and the deal.

# %%
seats = q("select * from met_seat_advantage where source = 'simulated' and game = 'gods' order by num_players, seat")
display(Markdown(seat_chart(seats)))

# %% [markdown]
# ## Agent types against each other
# Win rate of each agent per match-up (the distinct agents of a game) and player count,
# seats rotated, with a 95% Wilson interval against the fair share 1/P.

# %%
agents = q("""
    select array_to_string(list_sort(list_distinct(g.agents)), ' vs ') as matchup, p.num_players, p.agent,
           count(*) as n, sum(p.win_share) as wins, avg(p.score) as score_mean
    from fct_player_games as p inner join fct_games as g using (game, run_id, game_id)
    where p.game = 'gods' and p.is_mixed_lineup and p.source = 'simulated'
    group by all order by matchup, p.num_players, p.agent
""")
if len(agents):
    z = 1.96
    rate = agents.wins / agents.n
    centre = (rate + z * z / (2 * agents.n)) / (1 + z * z / agents.n)
    half = z * (rate * (1 - rate) / agents.n + z * z / (4 * agents.n ** 2)) ** 0.5 / (1 + z * z / agents.n)
    agents = agents.assign(win_rate=rate, win_lo=centre - half, win_hi=centre + half,
                           reference=1 / agents.num_players)
    agents["flagged"] = (agents.reference < agents.win_lo) | (agents.reference > agents.win_hi)
    display(agents[["matchup", "num_players", "agent", "n", "win_rate", "win_lo", "win_hi", "reference",
                    "score_mean", "flagged"]].round(3))
    display(Markdown("Beyond noise: " + (", ".join(
        f"{r.agent} in {r.matchup} at {r.num_players}p ({pct(r.win_rate)} vs {pct(r.reference)}, n = {r.n:,})"
        for r in agents[agents.flagged].itertuples()) or "none") + "."))
else:
    display(Markdown("No mixed line-ups in this warehouse."))
