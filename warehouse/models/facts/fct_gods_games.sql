-- grain: one row per 4 Gods game
-- How the game ended, how long it ran in simulated time and in actions
-- (actions carried out; plans, failed attempts and waits counted apart), its cities.
-- key: run_id, game_id
-- game: gods
-- depends: stg_gods__events, fct_games
-- incremental: run
with events as (

    select * from stg_gods__events

),

games as (

    select run_id, game_id, source, ruleset, in_study, num_players, agents, is_mixed_lineup
    from fct_games
    where game = 'gods'

),

ended as (

    select run_id, game_id, end_reason, tiles_placed, cities
    from events
    where event_type = 'game_ended'

),

activity as (

    select
        run_id, game_id,
        max(clock_ms) as duration_ms,
        count(*) filter (where event_type in ('tiles_drawn', 'tile_placed', 'tile_discarded', 'god_claimed',
                                              'prophet_placed', 'city_placed', 'city_claimed')) as actions,
        count(*) filter (where event_type = 'action_planned' and action <> 'wait') as plans,
        count(*) filter (where event_type = 'plan_failed') as plans_failed,
        count(*) filter (where event_type = 'action_planned' and action = 'wait') as waits,
        count(*) filter (where event_type = 'city_broken') as cities_broken,
        count(*) filter (where event_type = 'city_claimed') as cities_claimed,
        count(*) filter (where event_type = 'tile_placed' and tile_source >= 0) as tiles_from_discards,
        count(*) filter (where event_type = 'prophet_placed') as prophets_placed
    from events
    group by run_id, game_id

),

final as (

    select
        games.*,
        ended.end_reason,
        ended.tiles_placed,
        ended.cities,
        activity.cities_claimed,
        activity.cities_broken,
        activity.tiles_from_discards,
        activity.prophets_placed,
        activity.actions,
        activity.plans,
        activity.plans_failed,
        activity.waits,
        activity.duration_ms
    from games
    inner join ended using (run_id, game_id)
    inner join activity using (run_id, game_id)

)

select * from final
