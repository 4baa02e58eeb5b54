-- grain: one row per event of a gardens (Four Gardens) game
-- key: run_id, game_id, seq
-- game: gardens
with source as (

    select * from lake_events('{{ lake }}/events/game=gardens/run=*/part-*.parquet')

),

final as (

    select
        run_id, game_id, seq, event_type, player, round,  -- the envelope, cast by lake_events
        cast(ruleset as varchar) as ruleset,
        cast(action as varchar) as action,
        cast(card as integer) as card,
        cast(source as varchar) as source,
        cast(resource as varchar) as resource,
        cast(target as integer) as target,
        cast(resources_collected as integer) as resources_collected,
        cast(resources_lost as integer) as resources_lost,
        -- a panorama's name, colour and size: on panorama_completed rows. A groundwork_completed row names its
        -- card only (event v2: the rest is the ruleset's card); v1 rows also held them, not read here
        cast(case when event_type <> 'groundwork_completed' then panorama end as varchar) as panorama,
        cast(case when event_type <> 'groundwork_completed' then colour end as varchar) as colour,
        cast(case when event_type <> 'groundwork_completed' then size end as integer) as panorama_size,
        cast(god as varchar) as god,
        cast(from_space as integer) as from_space,
        cast(to_space as integer) as to_space,
        cast(cause as varchar) as cause,
        cast(by_player as integer) as by_player,
        cast(tile as varchar) as tile,
        cast(value as integer) as tile_value,
        cast(option as varchar) as tile_option,
        cast(target_player as integer) as target_player,
        cast(score as integer) as score,
        cast(rank as integer) as rank,
        cast(win_share as double) as win_share,
        cast(track_points as integer) as track_points,
        cast(extra_rewards as integer) as extra_rewards,
        cast(favor as integer) as favor,
        cast(completed as integer) as completed,
        cast(largest_panorama as integer) as largest_panorama,
        cast(track_gods as varchar[]) as track_gods,
        cast(track_spaces as integer[]) as track_spaces,
        cast(track_length as integer) as track_length,
        cast(end_reason as varchar) as end_reason,
        cast(rounds as integer) as rounds
    from source

)

select * from final
