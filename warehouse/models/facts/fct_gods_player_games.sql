-- grain: one row per player per 4 Gods game
-- Score components, the god and when it was claimed (claim order 1 = first
-- claimer in the game, null = never), the player's pace: its timing profile
-- (from its agent's name, logged on tiles_dealt) with the profile's mean think
-- time, the declared relative pace (own profile mean / mean of the opponents'
-- profile means; 0.8 = 20% faster than the table, 1 = even), the realised
-- mean think time for placing a tile and relative think time (same ratio over
-- the drawn times), and its plans in real time: actions committed to (waits
-- apart), attempts that failed because the board changed meanwhile, and waits.
-- key: run_id, game_id, seat
-- game: gods
-- depends: stg_gods__events, fct_player_games
-- incremental: run
with events as (

    select * from stg_gods__events

),

player_games as (

    select
        run_id, game_id, source, ruleset, in_study, seat, num_players, is_mixed_lineup, agent_mix, agent,
        score, rank, win_share, won
    from fct_player_games
    where game = 'gods'

),

scored as (

    select
        run_id, game_id, player as seat,
        city_points, region_points, mass_bonus, groups_bonus, prophets_placed,
        nullif(god, '') as god,
        nullif(god_claimed_ms, -1) as god_claimed_ms
    from events
    where event_type = 'player_scored'

),

paces as (

    select
        run_id, game_id, player as seat,
        any_value(profile) filter (where event_type = 'tiles_dealt') as pace,
        any_value(think_mean_ms) filter (where event_type = 'tiles_dealt') as pace_mean_ms,
        -- version 1 logs have no action: every think time counts there
        avg(think_ms) filter (where coalesce(action, 'place') = 'place') as think_ms_mean,
        count(*) filter (where event_type = 'action_planned' and action <> 'wait') as plans,
        count(*) filter (where event_type = 'plan_failed') as plans_failed,
        count(*) filter (where event_type = 'action_planned' and action = 'wait') as waits,
        count(*) filter (where event_type = 'tile_placed') as tiles_placed,
        count(*) filter (where event_type = 'tile_discarded') as tiles_discarded,
        count(*) filter (where event_type = 'city_placed') as cities_placed,
        count(*) filter (where event_type = 'city_claimed') as cities_claimed,
        count(*) filter (where event_type = 'city_broken') as cities_broken
    from events
    where player is not null and event_type <> 'player_scored'
    group by run_id, game_id, player

),

relative as (

    select
        *,
        think_ms_mean / (
            (sum(think_ms_mean) over (partition by run_id, game_id) - think_ms_mean)
            / (count(*) over (partition by run_id, game_id) - 1)
        ) as relative_think,
        pace_mean_ms / (
            (sum(pace_mean_ms) over (partition by run_id, game_id) - pace_mean_ms)
            / (count(*) over (partition by run_id, game_id) - 1)
        ) as relative_pace
    from paces

),

final as (

    select
        player_games.*,
        scored.god,
        scored.god_claimed_ms,
        case when scored.god_claimed_ms is not null then
            rank() over (partition by player_games.run_id, player_games.game_id
                         order by scored.god_claimed_ms nulls last)
        end as claim_order,
        scored.city_points,
        scored.region_points,
        scored.mass_bonus,
        scored.groups_bonus,
        scored.prophets_placed,
        relative.pace,
        relative.pace_mean_ms,
        relative.relative_pace,
        relative.think_ms_mean,
        relative.relative_think,
        relative.plans,
        relative.plans_failed,
        relative.waits,
        relative.tiles_placed,
        relative.tiles_discarded,
        relative.cities_placed,
        relative.cities_claimed,
        relative.cities_broken
    from player_games
    inner join scored using (run_id, game_id, seat)
    inner join relative using (run_id, game_id, seat)

)

select * from final
