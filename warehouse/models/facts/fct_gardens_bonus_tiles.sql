-- grain: one row per bonus tile per player per gardens game in which that player completed a panorama
-- took = the player took this tile (tile ids: base types or Caprice tile names);
-- only tiles that someone took under the same ruleset are listed.
-- key: run_id, game_id, seat, tile
-- game: gardens
-- depends: stg_gardens__events, fct_gardens_player_games
with events as (

    select * from stg_gardens__events

),

player_games as (

    select * from fct_gardens_player_games

),

completers as (

    select * from player_games
    where panoramas_2 + panoramas_3 > 0

),

taken as (

    select run_id, game_id, player as seat, tile, max(tile_value) as tile_value
    from events
    where event_type = 'bonus_tile_taken'
    group by run_id, game_id, player, tile

),

tiles as (

    select distinct player_games.ruleset, taken.tile
    from taken
    inner join player_games using (run_id, game_id, seat)

),

final as (

    select
        completers.run_id,
        completers.game_id,
        completers.source,
        completers.in_study,
        completers.ruleset,
        completers.num_players,
        completers.agent_mix,
        completers.agent,
        completers.seat,
        tiles.tile,
        taken.tile is not null as took,
        taken.tile_value,
        completers.score,
        completers.won,
        completers.win_share
    from completers
    inner join tiles using (ruleset)
    left join taken
        on taken.run_id = completers.run_id
        and taken.game_id = completers.game_id
        and taken.seat = completers.seat
        and taken.tile = tiles.tile

)

select * from final
