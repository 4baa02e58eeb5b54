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

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); reports pass an absolute path
experiment = ""  # the experiment's name (balance compare prints it); empty: the latest one

# %%
import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from reports.kit.notebook import open_warehouse
from reports.kit.whatif import named_levels
from reports.kit.whatif_charts import changes_table, pairing_note, sentences, size_chart, unchanged_note

q, names = open_warehouse(warehouse)
if not experiment:
    experiment = q("select experiment from met_variant_diff order by created_at desc limit 1").experiment.iloc[0]
arms = q(f"select * from fct_variant_arms where experiment = '{experiment}' order by role, arm")
rows = named_levels(q(f"select * from met_variant_diff where experiment = '{experiment}'"), names)
games = q(f"""select count(*) as games, list(distinct num_players order by num_players) as players,
                     any_value(lineup) as lineup, any_value(ruleset) as ruleset
              from fct_games where run_id = (select run_id from fct_variant_arms
                                             where experiment = '{experiment}' and role = 'baseline' limit 1)""")
base = games.iloc[0]
question = arms.question.dropna().iloc[0] if arms.question.dropna().any() else ""
display(Markdown(f"""# What if? {experiment}

{question}

Each arm plays the same **{base.games:,} games** of **{names.game(arms.game.iloc[0])}** ({', '.join(map(str, base.players))}
players, agents {', '.join(dict.fromkeys(base.lineup.split('/')))}, seats rotated): game k of every arm has the same seed and
the same seating, so chance is shared and every difference below is measured game by game (a paired 95%
interval). The baseline is the **{names.ruleset(base.ruleset)}** ruleset. A change counts when it is beyond noise after a
{rows.correction.iloc[0]} correction over every measure of the variant **and** at least the smallest change that
matters for its measure (the study's minimums, `[flags.min_effect]` in `simulate/study.toml`)."""))

# %%
for variant, part in rows.groupby("variant", sort=False):
    changed = sentences(part)
    lines = "\n".join(f"- {s}" for s in changed) or "- Nothing changed beyond noise."
    display(Markdown(f"## {variant}\n\n**The change:** {part.change.iloc[0]}.\n\n"
                     f"**What changed beyond noise, biggest first** ({len(changed)} of {len(part)} measures):\n\n"
                     f"{lines}\n\n{pairing_note(part)} {unchanged_note(part)}"))
    fig = size_chart(part, f"{variant}: the biggest changes")
    if fig is not None:
        plt.show()
    display(changes_table(part).head(25).style.hide(axis="index"))

# %% [markdown]
# ## How to read this page
#
# *Baseline* and *Variant* are the measure's mean over the paired games of each arm. *Change* is the
# mean of the game-by-game differences, with its 95% interval; because both arms saw the same deals and
# seatings, chance cancels out and the interval is narrow. *Within noise* means the interval (after the
# correction for looking at many measures) does not rule out no change. Rates are shares of player-games
# (a Caprice's hit rate: the share of players who met it, in the games it was in play).
