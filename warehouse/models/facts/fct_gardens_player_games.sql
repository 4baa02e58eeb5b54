-- grain: one row per player per gardens game
-- Score components, completions, panoramas by size, actions by type,
-- resources collected and lost to full storage, track push-backs suffered and
-- dealt, knock-offs, bonus tiles taken, Caprice tile uses.
-- key: run_id, game_id, seat
-- game: gardens
-- depends: stg_gardens__events, fct_player_games
-- incremental: run
with events as (

    select * from stg_gardens__events

),

player_games as (

    select
        run_id, game_id, source, ruleset, in_study, seat, num_players, is_mixed_lineup, agent_mix, agent,
        score, rank, win_share, won
    from fct_player_games
    where game = 'gardens'

),

scored as (

    select run_id, game_id, player as seat, track_points, extra_rewards, favor, completed, largest_panorama
    from events
    where event_type = 'player_scored'

),

ended as (

    select run_id, game_id, rounds, end_reason
    from events
    where event_type = 'game_ended'

),

activity as (

    select
        run_id, game_id, player as seat,
        count(*) filter (where action = 'lay') as lay_actions,
        count(*) filter (where action = 'rotate') as rotate_actions,
        count(*) filter (where action = 'wild') as wild_actions,
        count(*) filter (where action = 'reallocate') as reallocate_actions,
        coalesce(sum(resources_collected), 0) as resources_collected,
        coalesce(sum(resources_lost), 0) as resources_lost,
        count(*) filter (where event_type = 'panorama_completed' and panorama_size = 2) as panoramas_2,
        count(*) filter (where event_type = 'panorama_completed' and panorama_size = 3) as panoramas_3,
        count(*) filter (where cause = 'overflow') as overflows,
        count(*) filter (where cause = 'push') as pushed_back,
        count(*) filter (where cause = 'push' and to_space = 0) as knocked_off,
        count(*) filter (where event_type = 'bonus_tile_taken') as bonus_tiles,
        count(*) filter (where event_type = 'tile_used' and tile_option <> 'removed') as caprice_tile_uses  -- (v1 logs: a Sabotage's expiry)
    from events
    group by run_id, game_id, player

),

pushes_dealt as (

    select run_id, game_id, by_player as seat, count(*) as pushes_dealt,
        count(*) filter (where to_space = 0) as knock_offs_dealt
    from events
    where event_type = 'track_moved' and cause = 'push'
    group by run_id, game_id, by_player

),

final as (

    select
        player_games.*,
        scored.track_points,
        scored.extra_rewards,
        scored.favor,
        scored.completed,
        scored.largest_panorama,
        ended.rounds,
        ended.end_reason,
        ended.rounds as turns,  -- every seat plays every round (the game ends at a round's end)
        coalesce(activity.lay_actions, 0) as lay_actions,
        coalesce(activity.rotate_actions, 0) as rotate_actions,
        coalesce(activity.wild_actions, 0) as wild_actions,
        coalesce(activity.reallocate_actions, 0) as reallocate_actions,
        coalesce(activity.resources_collected, 0) as resources_collected,
        coalesce(activity.resources_lost, 0) as resources_lost,
        coalesce(activity.panoramas_2, 0) as panoramas_2,
        coalesce(activity.panoramas_3, 0) as panoramas_3,
        coalesce(activity.overflows, 0) as overflows,
        coalesce(activity.pushed_back, 0) as pushed_back,
        coalesce(activity.knocked_off, 0) as knocked_off,
        coalesce(pushes_dealt.pushes_dealt, 0) as pushes_dealt,
        coalesce(pushes_dealt.knock_offs_dealt, 0) as knock_offs_dealt,
        coalesce(activity.bonus_tiles, 0) as bonus_tiles,
        coalesce(activity.caprice_tile_uses, 0) as caprice_tile_uses
    from player_games
    inner join scored using (run_id, game_id, seat)
    inner join ended using (run_id, game_id)
    left join activity using (run_id, game_id, seat)
    left join pushes_dealt using (run_id, game_id, seat)

)

select * from final
