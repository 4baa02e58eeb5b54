-- grain: one row per event of a 4 Gods game
-- game: gods
with source as (

    select * from lake_events('{{ lake }}/events/game=gods/run=*/part-*.parquet')

),

final as (

    select
        run_id, game_id, seq, event_type, player,  -- the envelope, cast by lake_events
        cast(clock_ms as bigint) as clock_ms,
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
    from source

)

select * from final
