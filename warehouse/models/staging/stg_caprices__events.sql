-- grain: one row per event of a caprices game
-- key: run_id, game_id, seq
-- game: caprices
-- A card's caste and value are the ruleset's (its deck list, by card id); logs from before schema v2 of the
-- card events also carried them, unread.
with source as (

    select * from lake_events('{{ lake }}/events/game=caprices/run=*/part-*.parquet')

),

final as (

    select
        run_id, game_id, seq, event_type, player, round,  -- the envelope, cast by lake_events
        cast(card as integer) as card,
        cast(source as varchar) as card_source,
        cast(action as varchar) as action,
        cast(caprice_id as varchar) as caprice_id,
        cast(slot as integer) as slot,
        cast(bonus as integer) as bonus,
        cast(score as integer) as score,
        cast(card_points as integer) as card_points,
        cast(order_points as integer) as order_points,
        cast(merchant_points as integer) as merchant_points,
        cast(unity_points as integer) as unity_points,
        cast(caprice_points as integer) as caprice_points,
        cast(total_value as integer) as total_value,
        cast(rank as integer) as rank,
        cast(win_share as double) as win_share,
        cast(knight_target as varchar) as knight_target,
        cast(ministers_transformed as integer) as ministers_transformed,
        cast(run_length as integer) as run_length,
        cast(largest_family as integer) as largest_family
    from source

)

select * from final
