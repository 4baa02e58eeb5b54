-- grain: one row per option of a sampled bonus-tile decision in one tile-value run (`balance tile-value`)
-- Optional: skipped (with the models over it) until a tile-value run is in the lake.
-- key: run_id, game_index, decision, tile
-- game: gardens
-- lake: tile_values/game=gardens/run=*/part-*.parquet
with source as (

    select * from lake_rows('{{ lake }}/tile_values/game=gardens/run=*/part-*.parquet')

),

final as (

    select
        -- the conditions every tile-value row carries
        cast(run_id as varchar) as run_id,
        cast(ruleset as varchar) as ruleset,
        cast(ruleset_digest as varchar) as ruleset_digest,
        cast(players as integer) as num_players,
        cast(agents as varchar) as agents,
        cast(streams as varchar) as streams,
        cast(game_index as integer) as game_index,
        cast(game_seed as bigint) as game_seed,
        cast(game_rounds as integer) as game_rounds,
        cast(decision as integer) as decision,
        cast(seq as integer) as seq,
        cast(round as integer) as round,
        cast(player as integer) as player,
        cast(offered as varchar) as offered,
        cast(options as integer) as options,
        cast(tile as varchar) as tile,
        cast(n_rollouts as integer) as n_rollouts,
        cast(mean_score as double) as mean_score,
        cast(mean_win_share as double) as mean_win_share,
        owned
    from source

)

select * from final
