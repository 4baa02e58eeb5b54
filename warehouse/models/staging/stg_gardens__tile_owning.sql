-- grain: one row per pair of games (prefer-<tile> vs avoid-<tile> on one deal) per tile in one tile-value run
-- Optional: skipped (with the models over it) until a tile-value run with ownership pairs is in the lake.
-- key: run_id, pair, tile
-- game: gardens
-- lake: tile_owning/game=gardens/run=*/part-*.parquet
with source as (

    select * from lake_rows('{{ lake }}/tile_owning/game=gardens/run=*/part-*.parquet')

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
        cast(pair as integer) as pair,
        cast(game_seed as bigint) as game_seed,
        cast(seat as integer) as seat,
        cast(tile as varchar) as tile,
        cast(took_prefer as boolean) as took_prefer,
        cast(took_avoid as boolean) as took_avoid,
        cast(score_prefer as double) as score_prefer,
        cast(score_avoid as double) as score_avoid,
        cast(win_prefer as double) as win_prefer,
        cast(win_avoid as double) as win_avoid,
        cast(rounds_prefer as integer) as rounds_prefer,
        cast(rounds_avoid as integer) as rounds_avoid
    from source

)

select * from final
