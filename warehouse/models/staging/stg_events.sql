-- grain: one row per event, every game in the lake
-- Only the envelope and the cross-game convention columns (score, rank,
-- win_share on player_scored), so games with different columns can share it.
with source as (

    select *
    from read_parquet(
        '{{ lake }}/events/game=*/run=*/part-*.parquet',
        union_by_name = true,
        hive_partitioning = true,
        hive_types = {'game': varchar, 'run': varchar}
    )

),

final as (

    select
        cast(game as varchar) as game,
        cast(run_id as varchar) as run_id,
        cast(game_id as bigint) as game_id,
        cast(seq as integer) as seq,
        cast(event_type as varchar) as event_type,
        cast(player as integer) as player,
        cast(round as integer) as round,
        cast(turn as integer) as turn,
        cast(clock_ms as bigint) as clock_ms,
        cast(seed as bigint) as seed,
        cast(num_players as integer) as num_players,
        cast(ruleset as varchar) as ruleset,
        cast(ruleset_digest as varchar) as ruleset_digest,
        cast(agents as varchar[]) as agents,
        cast(score as double) as score,
        cast(rank as integer) as rank,
        cast(win_share as double) as win_share
    from source

)

select * from final
