-- grain: one row per option of a sampled bonus-tile decision (balance tile-value output)
-- Written by `balance tile-value`; optional: skipped (with its metric) until such a run is in the lake.
-- game: gardens
-- lake: tile_values/game=gardens/run=*/part-*.parquet
with source as (

    select *
    from read_parquet(
        '{{ lake }}/tile_values/game=gardens/run=*/part-*.parquet',
        union_by_name = true,
        hive_partitioning = false
    )

),

final as (

    select
        cast(run_id as varchar) as run_id,
        cast(ruleset as varchar) as ruleset,
        cast(ruleset_digest as varchar) as ruleset_digest,
        cast(players as integer) as num_players,
        cast(agents as varchar) as agents,
        cast(game_seed as bigint) as game_seed,
        cast(decision as integer) as decision,
        cast(seq as integer) as seq,
        cast(round as integer) as round,
        cast(player as integer) as player,
        cast(options as integer) as options,
        cast(tile as varchar) as tile,
        cast(n_rollouts as integer) as n_rollouts,
        cast(mean_score as double) as mean_score,
        cast(mean_win_share as double) as mean_win_share,
        cast(score_vs_avg as double) as score_vs_avg,
        cast(win_vs_avg as double) as win_vs_avg
    from source

)

select * from final
