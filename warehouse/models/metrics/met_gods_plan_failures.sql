-- grain: one row per source (simulated, recorded), match-up, player count, pace profile and action ('all' = every action)
-- How often does a plan fail because another player made it impossible while
-- the player was thinking, by pace? A plan is an action a player committed to
-- (waits apart: they cannot fail); the failure rate has a Wilson 95% interval
-- over plans. Plans of one game are not independent, so that interval is
-- narrower than the truth: the per-player-game mean rate with its 95% normal
-- interval (over n_player_games) is given beside it. relative_pace as in
-- met_gods_speed (own profile mean / the opponents'; 1 = even table).
-- key: source, matchup, num_players, pace, action
-- game: gods
-- depends: stg_gods__events, fct_gods_player_games, fct_games
with events as (

    select * from stg_gods__events

),

player_games as (

    select run_id, game_id, source, seat, num_players, pace, relative_pace from fct_gods_player_games
    where in_study

),

matchups as (

    select run_id, game_id, array_to_string(list_sort(list_distinct(agents)), ' vs ') as matchup
    from fct_games
    where game = 'gods' and in_study

),

per_player_action as (

    select
        run_id, game_id, player as seat, action,
        count(*) filter (where event_type = 'action_planned') as plans,
        count(*) filter (where event_type = 'plan_failed') as failed
    from events
    where event_type in ('action_planned', 'plan_failed') and action <> 'wait'
    group by run_id, game_id, player, action

),

per_player as (

    select run_id, game_id, seat, action, plans, failed from per_player_action
    union all
    select run_id, game_id, seat, 'all', sum(plans), sum(failed)
    from per_player_action
    group by run_id, game_id, seat

),

grouped as (

    select
        player_games.source,
        matchups.matchup,
        player_games.num_players,
        player_games.pace,
        round(avg(player_games.relative_pace), 2) as relative_pace,
        per_player.action,
        count(*) as n_player_games,
        sum(per_player.plans) as n,
        sum(per_player.failed) as failed,
        avg(per_player.failed / per_player.plans) as rate_per_game_mean,
        stddev_samp(per_player.failed / per_player.plans) as rate_per_game_sd
    from per_player
    inner join player_games using (run_id, game_id, seat)
    inner join matchups using (run_id, game_id)
    group by player_games.source, matchups.matchup, player_games.num_players, player_games.pace, per_player.action

),

final as (

    select
        source,
        matchup,
        num_players,
        pace,
        relative_pace,
        action,
        n,
        failed,
        failed / n as fail_rate,
        wilson_lo(failed, n) as fail_lo,
        wilson_hi(failed, n) as fail_hi,
        n_player_games,
        rate_per_game_mean,
        mean_lo(rate_per_game_mean, rate_per_game_sd, n_player_games) as rate_per_game_lo,
        mean_hi(rate_per_game_mean, rate_per_game_sd, n_player_games) as rate_per_game_hi
    from grouped

)

select * from final
order by source, matchup, num_players, relative_pace, action
