-- invariant: every action a 4 Gods player commits to (waits apart) is carried
-- out or fails exactly once, except a plan still in progress when the game ended
-- (at most one per player). Logs of version 1 (no plans) are left out.
-- game: gods
-- depends: stg_gods__events
with events as (

    select * from stg_gods__events

),

versioned as (

    select run_id, game_id
    from events
    group by run_id, game_id
    having count(*) filter (where event_type = 'action_planned') > 0

),

per_player as (

    select
        run_id, game_id, player,
        count(*) filter (where event_type = 'action_planned' and action <> 'wait') as plans,
        count(*) filter (where event_type in ('tiles_drawn', 'tile_placed', 'tile_discarded', 'god_claimed',
                                              'prophet_placed', 'city_placed', 'city_claimed', 'plan_failed'))
            as came_due
    from events
    inner join versioned using (run_id, game_id)
    where player is not null
    group by run_id, game_id, player

)

select * from per_player
where plans - came_due not in (0, 1)
