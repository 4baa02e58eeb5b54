-- grain: one row per gardens experiment-arm game, metric and level
-- Per game: Extra Rewards points and completed groundworks per player, and each
-- bonus tile's take rate among the players who completed a panorama.
-- key: run_id, game_id, metric, level
-- game: gardens
-- depends: fct_variant_arms, fct_gardens_player_games, fct_gardens_bonus_tiles
with arms as (

    select distinct run_id from fct_variant_arms

),

player_games as (

    select fct_gardens_player_games.* from fct_gardens_player_games inner join arms using (run_id)

),

tiles as (

    select fct_gardens_bonus_tiles.* from fct_gardens_bonus_tiles inner join arms using (run_id)

),

final as (

    select run_id, game_id, num_players, 'extra_rewards' as metric, 'overall' as level_kind, 'overall' as level,
           avg(extra_rewards) as value
    from player_games
    group by run_id, game_id, num_players
    union all
    select run_id, game_id, num_players, 'completed', 'overall', 'overall', avg(completed)
    from player_games
    group by run_id, game_id, num_players
    union all
    select run_id, game_id, num_players, 'tile_take_rate', 'tile', tile, avg(case when took then 1.0 else 0.0 end)
    from tiles
    group by run_id, game_id, num_players, tile

)

select * from final
