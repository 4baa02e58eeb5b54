-- grain: one row per 4 Gods experiment-arm game, metric and level
-- Per game: its length in simulated minutes, the tiles taken from discard
-- areas, the mean city points per player, and the win share of each god's
-- holder (in the games it was claimed).
-- key: run_id, game_id, metric, level
-- game: gods
-- depends: fct_variant_arms, fct_gods_games, fct_gods_player_games
with arms as (

    select distinct run_id from fct_variant_arms

),

games as (

    select fct_gods_games.* from fct_gods_games inner join arms using (run_id)

),

player_games as (

    select fct_gods_player_games.* from fct_gods_player_games inner join arms using (run_id)

),

final as (

    select run_id, game_id, num_players, 'game_minutes' as metric, 'overall' as level_kind, 'overall' as level,
           duration_ms / 60000.0 as value
    from games
    union all
    select run_id, game_id, num_players, 'tiles_from_discards', 'overall', 'overall', tiles_from_discards
    from games
    union all
    select run_id, game_id, num_players, 'city_points', 'overall', 'overall', avg(city_points)
    from player_games
    group by run_id, game_id, num_players
    union all
    select run_id, game_id, num_players, 'god_win_rate', 'god', god, sum(win_share)
    from player_games
    where god is not null
    group by run_id, game_id, num_players, god

)

select * from final
