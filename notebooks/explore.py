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
# # Explore: from a number to the games behind it
#
# A starter for your own questions. The warehouse holds one row per game and per
# player-game (the `fct_` tables) and the measured rates (`met_` tables); the lake holds
# every event of every game. Ask DuckDB for the games that match a condition, then look
# at them: each game is told turn by turn (`balance show` in a terminal), drawn, and can
# be stepped through event by event. Copy a cell, change the condition, run it.
# `balance.api` (docs/api.md) opens both: `api.connect(warehouse, lake=lake)` is the
# warehouse plus a view `events_<game>` of each game's events, `api.show` one game.

# %% tags=["parameters"]
warehouse = "../data/warehouse.duckdb"  # relative to notebooks/ (make lab); tests pass absolute paths
lake = "../data/lake"

# %%
from IPython.display import Markdown, display

import show as games
from balance import api
from reports.kit.notebook import open_warehouse, show

q, names = open_warehouse(warehouse)
con = api.connect(warehouse, lake=lake)  # the warehouse and the lake's events (`events_caprices`, ...)


# %% [markdown]
# ## What is in the warehouse
# The tables to query: `fct_games` (one row per game), `fct_player_games` (one per player
# and game: seat from 0, agent, score, rank, won), and per game `fct_caprices_player_games`,
# `fct_caprices_caprices` (each Caprice in play for each player: slot, met, points),
# `fct_gardens_player_games`, `fct_gods_games` (how it ended, tiles, cities, clock) ...

# %%
show(q("""
    select game, source, count(*) as games, count(distinct run_id) as runs, sum(n_events) as events
    from fct_games group by game, source order by game, source
"""), {"game": lambda r: names.game(r.game), "source": "source", "games": "games", "runs": "runs",
       "events logged": "events"})

# %% [markdown]
# ## Les caprices du roi: games where the +30 Caprice was met by the loser
# The face-down Caprice in slot 1 pays +30. Here it was met by the player who came last:
# a big bonus that did not save them.

# %%
loser_met_30 = q("""
    select c.run_id, c.game_id, c.seat, c.caprice_id, c.points, p.score, p.rank, c.num_players
    from fct_caprices_caprices c
    join fct_caprices_player_games p using (run_id, game_id, seat)
    where c.slot = 1 and c.met and p.rank = c.num_players
    order by p.score, c.run_id, c.game_id
    limit 5
""")
show(loser_met_30, {"run": "run_id", "game": "game_id", "who": lambda r: f"seat {r.seat + 1}",
                    "Caprice": lambda r: names("caprices", r.caprice_id), "bonus": "points", "score": "score",
                    "players": "num_players"}, empty="No game in this lake where the last player met the +30 Caprice.")

# %% [markdown]
# The events say *when* it happened: the `caprice_met` event of that player, read straight
# from the lake. The transcript stops there (`--at`), and the picture shows every assembly.

# %%
if not loser_met_30.empty:
    pick = loser_met_30.iloc[0]
    seq = con.sql(f"""
        select min(seq) from events_caprices
        where run_id = '{pick.run_id}' and game_id = {pick.game_id} and event_type = 'caprice_met'
          and player = {pick.seat} and caprice_id = '{pick.caprice_id}'
    """).fetchall()[0][0]
    games.present(api.show(lake, pick.run_id, int(pick.game_id)), at=int(seq), tail=25)

# %% [markdown]
# ## The highest-scoring games of each game
# The best final score per game, with who scored it.

# %%
best = q("""
    select game, run_id, game_id, seat, agent, score, num_players
    from fct_player_games
    qualify row_number() over (partition by game order by score desc, run_id, game_id) <= 3
    order by game, score desc
""")
show(best, {"game": lambda r: names.game(r.game), "run": "run_id", "game id": "game_id",
            "who": lambda r: f"seat {r.seat + 1} ({r.agent})", "score": "score", "players": "num_players"})
for row in best.drop_duplicates("game").itertuples():
    display(Markdown(f"### {names.game(row.game)}: {int(row.score)} points"))
    games.present(api.show(lake, row.run_id, int(row.game_id)), tail=12)

# %% [markdown]
# ## 4 Gods games ended by a full frame
# A 4 Gods game ends when the world is full, the bag is empty, or the players agree no tile fits.

# %%
endings = q("select end_reason, count(*) as games from fct_gods_games group by end_reason order by games desc")
show(endings, {"how it ended": lambda r: names("end_reasons", r.end_reason), "games": "games"},
     empty="No 4 Gods game in this warehouse.")
full = q("""
    select run_id, game_id, num_players, tiles_placed, cities, duration_ms / 1000 as seconds
    from fct_gods_games where end_reason = 'frame_full' order by duration_ms limit 3
""")
show(full, {"run": "run_id", "game": "game_id", "players": "num_players", "tiles": "tiles_placed",
            "cities": "cities", "seconds": "seconds"}, empty="No 4 Gods game here ended with a full frame.")

# %% [markdown]
# No full frame? Take the game that came closest (the most tiles placed), and step through
# it: drag the slider or press play (the picture and the transcript follow).

# %%
near = full if not full.empty else q("""
    select run_id, game_id from fct_gods_games order by tiles_placed desc, run_id, game_id limit 1
""")
stepper = None
if not near.empty:
    gods_game = api.show(lake, near.run_id.iloc[0], int(near.game_id.iloc[0]))
    stepper = games.stepper(gods_game, at=len(gods_game.events) // 2)
stepper

# %% [markdown]
# ## Your turn
# Any condition the tables or the events can express picks games the same way: a run id
# and a game id are all `api.show(lake, run, game_id)` needs. In a terminal the same
# game is `balance show --lake data/lake --run RUN --game-id N` (add `--at SEQ`, `--png FILE`).
