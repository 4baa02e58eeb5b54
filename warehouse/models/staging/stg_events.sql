-- grain: one row per event, every game in the lake
-- Only the envelope and the cross-game convention columns (score, rank,
-- win_share on player_scored), so games with different columns can share it.
-- key: game, run_id, game_id, seq
with source as (

    select * from lake_events('{{ lake }}/events/game=*/run=*/part-*.parquet')

),

final as (

    select
        cast(game as varchar) as game,
        run_id, game_id, seq, event_type, player, round,  -- the envelope, cast by lake_events
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
