-- grain: one row per caprices experiment-arm game, metric and level
-- Per game: each Caprice's hit rate (share of players who met it, in the games
-- it is in play), each slot's hit rate (slot 0 = the two common Caprices,
-- slots 1-4 the face-down ones; labelled by position, not by bonus, so arms with
-- other bonuses still pair), each slot's win share (the share of the game's win
-- taken by players who met that slot's Caprice; a shared win counts its share)
-- and the Caprice points per player.
-- key: run_id, game_id, metric, level
-- game: caprices
-- depends: fct_variant_arms, fct_caprices_caprices, fct_caprices_player_games
with arms as (

    select distinct run_id from fct_variant_arms

),

caprices as (

    select fct_caprices_caprices.* from fct_caprices_caprices inner join arms using (run_id)

),

player_games as (

    select fct_caprices_player_games.* from fct_caprices_player_games inner join arms using (run_id)

),

final as (

    select run_id, game_id, num_players, 'caprice_hit_rate' as metric, 'caprice' as level_kind,
           caprice_id as level, avg(case when met then 1.0 else 0.0 end) as value
    from caprices
    group by run_id, game_id, num_players, caprice_id
    union all
    select run_id, game_id, num_players, 'slot_hit_rate', 'slot', 'slot ' || slot,
           avg(case when met then 1.0 else 0.0 end)
    from caprices
    group by run_id, game_id, num_players, slot
    union all
    select run_id, game_id, num_players, 'slot_win_share', 'slot', 'slot ' || slot,
           sum(case when met then win_share else 0.0 end) / nullif(sum(win_share), 0)
    from caprices
    group by run_id, game_id, num_players, slot
    union all
    select run_id, game_id, num_players, 'caprice_points', 'overall', 'overall', avg(caprice_points)
    from player_games
    group by run_id, game_id, num_players

)

select * from final
