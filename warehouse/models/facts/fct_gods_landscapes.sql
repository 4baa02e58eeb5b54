-- grain: one row per landscape per 4 Gods game
-- Its final mass and number of groups, the bonuses they earned, and the seat
-- and agent holding its god (null when nobody claimed it).
-- key: run_id, game_id, landscape
-- game: gods
-- depends: stg_gods__events, fct_gods_player_games, fct_games
-- incremental: run
with events as (

    select * from stg_gods__events

),

landscapes as (

    select run_id, game_id, landscape, mass, groups, mass_bonus, groups_bonus, nullif(holder, -1) as seat
    from events
    where event_type = 'landscape_scored'

),

games as (

    select run_id, game_id, source, in_study
    from fct_games
    where game = 'gods'

),

holders as (

    select run_id, game_id, seat, num_players, agent, win_share, won
    from fct_gods_player_games

),

final as (

    select
        landscapes.run_id,
        landscapes.game_id,
        games.source,
        games.in_study,
        landscapes.landscape,
        landscapes.mass,
        landscapes.groups,
        landscapes.mass_bonus,
        landscapes.groups_bonus,
        landscapes.seat as holder_seat,
        holders.agent as holder_agent,
        holders.win_share as holder_win_share
    from landscapes
    inner join games using (run_id, game_id)
    left join holders using (run_id, game_id, seat)

)

select * from final
