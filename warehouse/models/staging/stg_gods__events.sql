-- grain: one row per event of a 4 Gods game
-- Columns a log version lacks are null: `action`, `rule` and `count` arrived with
-- version 2 (a plan per action, failed attempts), `think_ms` sat on every action
-- event in version 1 and sits on `action_planned` since.
-- game: gods
with source as (

    select * from lake_events('{{ lake }}/events/game=gods/run=*/part-*.parquet')

),

added_in_v2 as (

    select null::varchar as action, null::varchar as rule, null::tinyint as count
    where false

),

unioned as (

    select * from source
    union all by name
    select * from added_in_v2

),

final as (

    select
        run_id, game_id, seq, event_type, player,  -- the envelope, cast by lake_events
        cast(schema_version as integer) as schema_version,
        cast(clock_ms as bigint) as clock_ms,
        cast(action as varchar) as action,
        cast(rule as varchar) as rule,
        cast(tile as integer) as tile,
        cast(x as integer) as x,
        cast(y as integer) as y,
        cast(source as integer) as tile_source,
        cast(think_ms as integer) as think_ms,
        cast(profile as varchar) as profile,
        cast(think_mean_ms as integer) as think_mean_ms,
        cast(god as varchar) as god,
        cast(landscape as varchar) as landscape,
        cast(region_size as integer) as region_size,
        cast(city as integer) as city,
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
    from unioned

)

select * from final
