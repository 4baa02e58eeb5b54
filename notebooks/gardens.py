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
# Simulated games read from the warehouse (`balance warehouse build`). Every rate
# comes with its sample size n and a 95% Wilson interval; every mean with a 95%
# normal interval (mean ± 1.96·sd/√n), except the causal tile values, which use Student t
# intervals (clustered by game for the choice scale). A difference is called *beyond noise* only
# when the reference value lies outside the interval. Results are by ruleset:
# `base` (base tiles) and `gods-caprice` (Caprice tiles).

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path

# %%
import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import Markdown, display

from balance.notebook import beside, errors, open_warehouse, pct, seat_chart

q = open_warehouse(warehouse)


def has_table(name: str) -> bool:
    """Optional tables (e.g. paired tile values) exist only when their input was in the lake."""
    return bool(q(f"select count(*) as n from information_schema.tables where table_name = '{name}'").n.iloc[0])



# %% [markdown]
# ## What was simulated

# %%
sample = q("""
    select ruleset, num_players, count(distinct run_id || ':' || game_id) as games, count(distinct run_id) as runs,
           string_agg(distinct agent, ', ' order by agent) as agents
    from fct_gardens_player_games where source = 'simulated' group by ruleset, num_players order by ruleset, num_players
""")
display(sample)
rulesets = list(sample.ruleset.unique())
display(Markdown(f"**{sample.games.sum():,} games** over rulesets {', '.join(rulesets)}."))

# %% [markdown]
# ## Which bonus tile is worth the most?
# Three answers, each with the conditions it holds under:
#
# - **Taken how often** (observed): pick rate among panorama completers (Wilson 95%) and the takers' mean
#   final score minus the other completers' (normal 95%; observational: takers differ in more than the tile).
# - **Choosing X instead of Y at the same decision** (`balance tile-value`): at sampled bonus decisions every
#   tile on offer was forced and the game played out on shared random streams; all pairs are fitted on one
#   scale (decision fixed effects, 95% intervals clustered by game, Holm-adjusted). It is worth what taking
#   X *now* gains over taking Y *now*, with the rest of the game played out (Y may still be taken later).
# - **Owning a tile**: one seat takes the tile whenever it is offered against never taking it, on the same
#   deals; the paired difference in final score and win share. A whole-game policy effect: it also counts
#   how often the tile comes up and what it displaces.
#
# Red = beyond noise. A difference also has to be at least 1 point of final score to be called one that
# matters (column `matters`).

# %%
picks = q("select * from met_gardens_bonus_tiles order by ruleset, tile")
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
    rest = f"{row.decisions:,} decisions from {row.games:,} games" if "decisions" in row else (
        f"{row.pairs:,} paired deals")
    mix = ""
    if "offered_mix" in row:
        sets = row.offered_mix.split("; ")
        mix = f"; offered sets: {'; '.join(sets[:6])}" + (f" and {len(sets) - 6} more sets" if len(sets) > 6 else "")
    rollouts = f"; {row.rollouts} rollouts per option" if "rollouts" in row else ""
    return (f"agents {row.agents}, {row.num_players} players, {rest}{mix}; {row.rounds}{rollouts}; "
            f"streams {row.streams}; assumed tile values: {row.assumed_tile_values} "
            f"(plus {row.other_assumed_values} other assumed ruleset values, listed on the index); runs {row.run_ids}")


for ruleset in rulesets:
    part = picks[picks.ruleset == ruleset].sort_values("tile").reset_index(drop=True)
    if part.empty:
        continue
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.35 * len(part) + 1.8), sharey=True)
    ys = range(len(part))
    axes[0].barh(ys, part.pick_rate.fillna(0), xerr=errors(part, "pick_rate", "pick_lo", "pick_hi"), capsize=2)
    axes[0].set_title("pick rate among completers")
    observed_red = (part.score_diff_lo > 0) | (part.score_diff_hi < 0)
    axes[1].barh(ys, part.score_diff.fillna(0), xerr=errors(part, "score_diff", "score_diff_lo", "score_diff_hi"),
                 capsize=2, color=["tab:red" if f else "tab:blue" for f in observed_red])
    axes[1].set_title("observed: takers − others (points)")
    axes[1].axvline(0, color="k", lw=1)
    axes[0].set_yticks(list(ys), part.tile)
    fig.suptitle(f"{ruleset}: bonus tiles taken (observed, all simulated games)")
    plt.tight_layout()
    plt.show()
    display(Markdown(f"**{ruleset}**, observed: pick rates over n = {int(part.n.max()):,} completer player-games; "
                     "score differences beyond noise: " + (", ".join(
                         f"{r.tile} ({r.score_diff:+.1f})" for r in part[observed_red].itertuples()) or "none") + "."))


def tile_pair_charts(ruleset: str) -> None:
    """Both causal estimates of one ruleset side by side (headline line-up), each with its conditions."""
    if contrasts is None and owning is None:
        display(Markdown(f"**{ruleset}**: no tile-value run in this warehouse (run `balance tile-value`)."))
        return
    pairs = contrasts[(contrasts.ruleset == ruleset) & is_primary(contrasts.agents)] if contrasts is not None \
        else pd.DataFrame()
    owned = owning[(owning.ruleset == ruleset) & is_primary(owning.agents)] if owning is not None else pd.DataFrame()
    for (digest, players), _ in pd.concat([pairs[["ruleset_digest", "num_players"]],
                                           owned[["ruleset_digest", "num_players"]]]).groupby(
                                               ["ruleset_digest", "num_players"]):
        p = pairs[(pairs.ruleset_digest == digest) & (pairs.num_players == players)].sort_values("score_diff")
        o = owned[(owned.ruleset_digest == digest) & (owned.num_players == players)].sort_values("score_diff")
        choice, labels, title = p, [f"{r.tile} instead of {r.instead_of}" for r in p.itertuples()], \
            "choosing X instead of Y at the same decision"
        if len(p) > 3 and scale is not None:  # many tiles: each against the reference (every pair is listed below)
            choice = scale[(scale.ruleset_digest == digest) & (scale.num_players == players)
                           & is_primary(scale.agents)].rename(columns={"score_value": "score_diff"})
            choice = choice[choice.tile != choice.reference]
            choice = choice.assign(beyond_noise=(choice.score_lo > 0) | (choice.score_hi < 0)).sort_values(
                "score_diff")
            labels = [f"{r.tile} instead of {r.reference}" for r in choice.itertuples()]
            title = f"each tile instead of {choice.reference.iloc[0]} at the same decision"
        fig, axes = plt.subplots(1, 2, figsize=(13, 0.32 * max(len(choice), len(o), 3) + 1.8), squeeze=False)
        for ax, frame, names, heading in (
                (axes[0][0], choice, labels, title),
                (axes[0][1], o, list(o.tile), "owning it: always take vs never (paired deals)")):
            if frame.empty:
                ax.set_title(f"{heading}: not measured", fontsize=9)
                continue
            ax.barh(range(len(frame)), frame.score_diff, xerr=errors(frame, "score_diff", "score_lo", "score_hi"),
                    capsize=2, color=["tab:red" if f else "tab:blue" for f in frame.beyond_noise])
            ax.set_yticks(list(range(len(frame))), names, fontsize=8)
            ax.axvline(0, color="k", lw=1)
            ax.set_title(heading, fontsize=9)
            ax.set_xlabel("final score points, 95% interval")
        fig.suptitle(f"{ruleset} ({digest}), {players} players: what a tile is worth")
        plt.tight_layout()
        plt.show()
        lines = []
        if len(p):
            top = p.iloc[-1]
            lines.append(f"**Choosing** (headline): choosing {top.tile} instead of {top.instead_of} at the same "
                         f"decision gains {top.score_diff:+.2f} points [{top.score_lo:+.2f}, {top.score_hi:+.2f}] "
                         f"and {top.win_diff:+.3f} win share. Conditions: {conditions(top)}.")
            shown = p.iloc[::-1] if len(p) <= 3 else p[p.matters].iloc[::-1]
            if len(p) > 3:
                lines.append(f"{len(shown)} of {len(p)} pairs are beyond noise (Holm) and at least 1 point:")
            lines += [f"- {r.tile} instead of {r.instead_of}: {r.score_diff:+.2f} [{r.score_lo:+.2f}, "
                      f"{r.score_hi:+.2f}], {'beyond' if r.beyond_noise else 'within'} noise"
                      f"{', matters' if r.matters else ''}; {r.direct_decisions} decisions offered both "
                      f"(their direct mean {r.direct_diff:+.2f})" for r in shown.itertuples()]
            lines += sensitivity_lines(digest, players)
        if len(o):
            lines.append(f"**Owning** (separate estimate): conditions: {conditions(o.iloc[0])}; {o.iloc[0].policy}.")
            lines += [f"- {r.tile}: {r.score_diff:+.2f} points [{r.score_lo:+.2f}, {r.score_hi:+.2f}], win share "
                      f"{r.win_diff:+.3f} [{r.win_lo:+.3f}, {r.win_hi:+.3f}] (win rate {pct(r.win_rate_prefer)} "
                      f"taking it vs {pct(r.win_rate_avoid)} never); the seat took it in {pct(r.took_rate)} of "
                      f"{r.pairs} deals" for r in o.iloc[::-1].itertuples()]
        display(Markdown("\n".join(lines)))


def sensitivity_lines(digest: str, players: int) -> list[str]:
    """The same contrasts measured with a second line-up (random today; ismcts once it exists)."""
    if sensitivity is None:
        return ["*Sensitivity:* no second line-up measured for these rules (a random or ismcts tile-value run)."]
    part = sensitivity[(sensitivity.ruleset_digest == digest) & (sensitivity.num_players == players)]
    if part.empty:
        return ["*Sensitivity:* no second line-up measured for these rules (a random or ismcts tile-value run)."]
    return [f"*Sensitivity, agents {r.other_agents}:* {r.tile} instead of {r.instead_of} {r.other_score_diff:+.2f} "
            f"[{r.other_score_lo:+.2f}, {r.other_score_hi:+.2f}] from {r.other_decisions} decisions "
            f"(greedy {r.primary_score_diff:+.2f}; {'same' if r.same_direction else 'opposite'} direction, "
            f"intervals {'overlap' if r.overlap else 'do not overlap'})" for r in part.itertuples()]


for ruleset in rulesets:
    tile_pair_charts(ruleset)

# %% [markdown]
# ## How far do players get on the god tracks?
# Final space per god (0 = knocked off for good): the mean with its 95% interval, and
# the whole distribution. Red = that god's mean lies outside the interval of the other
# gods pooled (a favoured or neglected god).

# %%
tracks = q("select * from met_gardens_tracks order by ruleset, num_players, god")
panels = tracks[["ruleset", "num_players"]].drop_duplicates().values.tolist()
fig, axes = plt.subplots(1, len(panels), figsize=(2.6 * len(panels), 3.2), squeeze=False, sharey=True)
for ax, (ruleset, count) in zip(axes[0], panels):
    part = tracks[(tracks.ruleset == ruleset) & (tracks.num_players == count)]
    ax.bar(part.god, part.space_mean, yerr=errors(part, "space_mean", "space_lo", "space_hi"), capsize=2,
           color=["tab:red" if f else "tab:blue" for f in part.flagged])
    ax.set_title(f"{ruleset} {count}p (n={part.n.max():,})", fontsize=8)
    ax.tick_params(axis="x", labelsize=7)
axes[0][0].set_ylabel("mean final space")
plt.tight_layout()
plt.show()
flagged = tracks[tracks.flagged]
display(Markdown("Gods beyond noise: " + (", ".join(
    f"{r.god} ({r.ruleset} {r.num_players}p: {r.space_mean:.2f} vs others {r.other_gods_space_mean:.2f})"
    for r in flagged.itertuples()) or "none") + "."))
spaces = q("select ruleset, god, space, sum(k) as k, sum(n) as n from met_gardens_track_spaces "
           "group by ruleset, god, space order by ruleset, god, space")
wide = spaces.assign(share=spaces.k / spaces.n).pivot_table(index=["ruleset", "god"], columns="space", values="share")
display(Markdown("Share of player-games ending on each space (all player counts pooled):"))
display(wide.round(3))

# %% [markdown]
# ## Push-backs and knock-offs
# Per player-game: times pushed back on a track and markers knocked off for good
# (mean, normal 95%), by ruleset, player count and agent.

# %%
activity = q("select * from met_gardens_activity where agent = 'all' and num_players <> 'all'")


def activity_chart(measures: list[str], title: str) -> None:
    """One panel per measure: mean per player-game by player count, one line per ruleset."""
    fig, axes = plt.subplots(1, len(measures), figsize=(3.6 * len(measures), 3), squeeze=False)
    for ax, measure in zip(axes[0], measures):
        for ruleset, part in activity[activity.measure == measure].groupby("ruleset"):
            part = part.sort_values("num_players")
            ax.errorbar(part.num_players.astype(str), part["mean"], yerr=errors(part, "mean", "lo", "hi"),
                        marker="o", capsize=3, label=ruleset)
        ax.set_title(measure, fontsize=9)
        ax.set_xlabel("players")
    axes[0][0].legend(fontsize=8)
    fig.suptitle(title)
    plt.tight_layout()
    plt.show()
    part = activity[activity.measure.isin(measures)]
    display(Markdown(f"n = {part.n.min():,}–{part.n.max():,} player-games per point."))


activity_chart(["pushed_back", "knocked_off"], "push-backs suffered and knock-offs per player-game")

# %% [markdown]
# ## Panoramas by size, actions by type, resources lost to full storage

# %%
activity_chart(["panoramas_2", "panoramas_3", "completed"], "panoramas (by size) and groundworks completed")
activity_chart(["lay_actions", "rotate_actions", "wild_actions", "reallocate_actions"], "actions by type")
activity_chart(["resources_collected", "resources_lost"], "resources collected and lost to full storage")
lost = q("select ruleset, num_players, mean as lost_share from met_gardens_activity "
         "where measure = 'lost_share' and agent = 'all' order by ruleset, num_players")
display(Markdown("Share of collected icons lost to full storage (ratio of sums, no interval):"))
display(lost.round(3))

# %% [markdown]
# ## How long are games, and is any seat favoured?
# Rounds per game (mean, 95%) by ruleset and player count; win rate by seat over
# uniform line-ups (fair share 1/P dashed; red = beyond noise).

# %%
rounds = q("select * from met_gardens_activity where measure = 'rounds' and agent = 'all' and num_players <> 'all'")
display(rounds[["ruleset", "num_players", "n", "mean", "lo", "hi"]].rename(columns={"mean": "rounds_mean"}).round(2))
seats = q("select * from met_seat_advantage where source = 'simulated' and game = 'gardens' order by num_players, seat")
display(Markdown(seat_chart(seats) + " (Both rulesets pooled.)"))

# %% [markdown]
# ## Where do the points come from?
# Mean points per player-game from the god tracks, Extra Rewards tiles and Favor
# (Caprice), by ruleset and player count (means, normal 95% in the table).

# %%
components = activity[activity.measure.isin(["track_points", "extra_rewards", "favor"])]
wide = components.pivot_table(index=["ruleset", "num_players"], columns="measure", values="mean")
ax = wide.plot.bar(stacked=True, figsize=(8, 3.8), rot=20)
ax.set_ylabel("mean points per player-game")
plt.show()
display(components[["ruleset", "num_players", "measure", "n", "mean", "lo", "hi"]].round(2))

# %% [markdown]
# ## When are Foresight, Sabotage and Blessing used?
# For each Caprice tile used: the round of use, rounds between taking and using it,
# its position in the game (round / final round), each a mean with a 95% interval,
# and the share of uses in the final round (Wilson). n = uses.

# %%
timing = q("select * from met_gardens_tile_use_timing order by ruleset, tile")
if len(timing):
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(timing) + 1.5))
    ax.barh(timing.tile, timing.fraction_mean, xerr=errors(timing, "fraction_mean", "fraction_lo", "fraction_hi"),
            capsize=2)
    ax.set_xlim(0, 1)
    ax.set_xlabel("position in the game at use (round / final round), 95% interval")
    plt.show()
    focus = timing[timing.tile.isin(["foresight", "sabotage", "blessing"])]
    display(Markdown(" ".join(
        f"{r.tile.capitalize()}: {r.n} uses by {r.takers} takers, {r.after_mean:.1f} rounds after taking it "
        f"({r.after_lo:.1f}–{r.after_hi:.1f}), {pct(r.last_round_share)} in the final round."
        for r in focus.itertuples()) or "Foresight, Sabotage and Blessing were never used."))
    display(timing.round(2))
else:
    display(Markdown("No Caprice tile was used (no gods-caprice games in this warehouse)."))

# %% [markdown]
# ## Which agent wins?
# Win rate by agent type in mixed line-ups only, against the fair share 1/P.

# %%
agents = q("select * from met_agent_win_rate where source = 'simulated' and game = 'gardens' order by num_players, agent")
if len(agents):
    display(agents[["num_players", "agent", "n", "win_rate", "win_lo", "win_hi", "reference", "flagged"]].round(3))
else:
    display(Markdown("No mixed line-ups in this warehouse."))


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
                       ["num_players", "seat"], "win_rate", "win_lo", "win_hi")
    display(seat_rows.round(3))
    display(Markdown(f"**{recorded.games:,} recorded games**; verdicts: "
                     + ", ".join(f"{v} ({n})" for v, n in seat_rows.verdict.value_counts().items()) + "."))

