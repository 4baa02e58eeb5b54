-- grain: one row per event of a 4 Gods game
-- Log version 2 (a plan per action): an event that carries out a plan
-- (tiles_drawn, tile_placed, ..., or plan_failed) holds only what the plan could
-- not know; here it also shows its plan's command (action, tile, x, y,
-- tile_source, god, city) from the player's last action_planned, which is the
-- plan that came due. Version-1 rows hold their own fields. Columns a version
-- lacks read as null (`expected`). clock_ms is read as the log holds it (files
-- of lake schemas 2-3, which left it null, are upcast by the build: `lake_events`).
-- key: run_id, game_id, seq
-- game: gods
with source as (

    select * from lake_events('{{ lake }}/events/game=gods/run=*/part-*.parquet')

),

expected as (

    select
        null::smallint as schema_version, null::bigint as clock_ms, null::varchar as action, null::varchar as rule,
        null::smallint as tile, null::tinyint as x, null::tinyint as y, null::tinyint as source,
        null::integer as think_ms, null::varchar as profile, null::integer as think_mean_ms,
        null::varchar as god, null::varchar as landscape, null::tinyint as city, null::tinyint as claimant,
        null::integer as score, null::tinyint as rank, null::double as win_share, null::smallint as city_points,
        null::smallint as region_points, null::smallint as mass_bonus, null::smallint as groups_bonus,
        null::bigint as god_claimed_ms, null::smallint as prophets_placed, null::smallint as mass,
        null::smallint as groups, null::tinyint as holder, null::varchar as end_reason,
        null::smallint as tiles_placed, null::tinyint as cities
    where false

),

unioned as (

    select * from source
    union all by name
    select * from expected

),

with_plan as (

    select
        *,
        last_value(
            case when event_type = 'action_planned' then
                {'action': action, 'tile': tile, 'x': x, 'y': y, 'source': source, 'god': god, 'city': city}
            end ignore nulls
        ) over (partition by run_id, game_id, player order by seq) as plan
    from unioned

),

final as (

    select
        run_id, game_id, seq, event_type, player,  -- the envelope, cast by lake_events
        cast(schema_version as integer) as schema_version,
        cast(clock_ms as bigint) as clock_ms,
        cast(coalesce(action, plan.action) as varchar) as action,
        cast(rule as varchar) as rule,
        cast(coalesce(tile, plan.tile) as integer) as tile,
        cast(coalesce(x, plan.x) as integer) as x,
        cast(coalesce(y, plan.y) as integer) as y,
        cast(coalesce(source, plan.source) as integer) as tile_source,
        cast(think_ms as integer) as think_ms,
        cast(profile as varchar) as profile,
        cast(think_mean_ms as integer) as think_mean_ms,
        cast(coalesce(god, plan.god) as varchar) as god,
        cast(landscape as varchar) as landscape,
        cast(coalesce(city, plan.city) as integer) as city,
        cast(claimant as integer) as claimant,
        cast(score as integer) as score,
        cast(rank as integer) as rank,
        cast(win_share as double) as win_share,
        cast(city_points as integer) as city_points,
        cast(region_points as integer) as region_points,
        cast(mass_bonus as integer) as mass_bonus,
        cast(groups_bonus as integer) as groups_bonus,
        cast(god_claimed_ms as bigint) as god_claimed_ms,
        cast(prophets_placed as integer) as prophets_placed,
        cast(mass as integer) as mass,
        cast(groups as integer) as groups,
        cast(holder as integer) as holder,
        cast(end_reason as varchar) as end_reason,
        cast(tiles_placed as integer) as tiles_placed,
        cast(cities as integer) as cities
    from with_plan

)

select * from final
