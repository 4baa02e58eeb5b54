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
experiment = ""  # the sweep's name; empty: the latest sweep

# %%
import json

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from reports.kit.notebook import open_warehouse
from reports.kit.whatif import capitalised, named_levels
from reports.kit.whatif_charts import changes_table, pairing_note, ranked, sentences, sweep_chart, sweep_series
from warehouse.variant_metrics import MAIN_METRICS, METRICS

q, names = open_warehouse(warehouse)
if not experiment:
    experiment = q("select experiment from met_variant_diff where kind = 'sweep' "
                   "order by created_at desc limit 1").experiment.iloc[0]
arms = q(f"select * from fct_variant_arms where experiment = '{experiment}' order by role, arm")
rows = named_levels(q(f"select * from met_variant_diff where experiment = '{experiment}'"), names)
param = arms.param.dropna().iloc[0]
base = q(f"""select count(*) as games, list(distinct num_players order by num_players) as players,
                    any_value(lineup) as lineup, any_value(ruleset) as ruleset
             from fct_games where run_id = (select run_id from fct_variant_arms
                                            where experiment = '{experiment}' and role = 'baseline' limit 1)""").iloc[0]
chosen = [m for m in json.loads(arms.metrics.iloc[0] or "[]") if m in set(rows.metric)]
chosen = chosen or [m for m in MAIN_METRICS if m in set(rows.metric)]
question = arms.question.dropna().iloc[0] if arms.question.dropna().any() else ""
values = ", ".join(sorted((str(v) for v in arms[arms.role == "variant"].param_value),
                          key=lambda v: (len(v), v)))
display(Markdown(f"""# Sweep: {param} ({experiment})

{question}

One arm per value of **{param}** ({values}; the baseline **{names.ruleset(base.ruleset)}** ruleset has
{arms[arms.role == 'baseline'].param_value.iloc[0]}), each playing the same **{base.games:,} games** of
**{names.game(arms.game.iloc[0])}** ({', '.join(map(str, base.players))} players, agents {', '.join(dict.fromkeys(base.lineup.split('/')))})
on shared seeds and seatings. Each chart shows the measure at every value; the bars are the 95% interval of the
game-by-game difference from the baseline (grey square), so two points whose bars do not reach each other
differ beyond noise. A star marks a change beyond noise ({rows.correction.iloc[0]} correction over the value's
measures) and at least the smallest change that matters."""))

# %%
for metric in chosen:
    series = sweep_series(rows, arms, metric)
    if series.empty:
        continue
    display(Markdown(f"## {capitalised(METRICS[metric].title)} against {param}"))
    sweep_chart(series, metric, param)
    plt.show()

# %%
flagged = ranked(rows[rows.flagged])
lines = "\n".join(f"- **{r.variant}**: {s}" for r, s in zip(flagged.itertuples(), sentences(flagged))) \
    or "- No value changed any measure beyond noise."
display(Markdown(f"## What changed beyond noise, biggest first\n\n{lines}\n\n{pairing_note(rows)}"))

# %%
display(Markdown("## Every measure at every value"))
display(changes_table(rows, by_variant=True).head(40).style.hide(axis="index"))
