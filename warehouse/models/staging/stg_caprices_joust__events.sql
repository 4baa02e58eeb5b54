-- grain: one row per event of a caprices Joust match (game caprices-joust)
-- Only the columns the Joust models read: who won each game of the match.
-- key: run_id, game_id, seq
-- game: caprices-joust
with source as (

    select * from lake_events('{{ lake }}/events/game=caprices-joust/run=*/part-*.parquet')

),

final as (

    select
        run_id, game_id, seq, event_type, player, round,  -- the envelope, cast by lake_events
        cast(deal as integer) as deal,
        cast(score as integer) as score,
        cast(total_value as integer) as total_value,
        cast(rank as integer) as rank,
        cast(win_share as double) as win_share
    from source
    where event_type in ('deal_scored', 'player_scored')

)

select * from final
