-- grain: one row per source (simulated / recorded), ruleset, player count and god
-- Final god-track positions per player-game: mean space (normal 95%), share
-- of markers knocked off for good and share at the track's end (Wilson 95%);
-- push-backs suffered per player-game. flagged = this god's mean space is
-- outside the interval of the other gods pooled (a favoured or neglected god).
-- key: source, ruleset, num_players, god
-- game: gardens
-- depends: stg_gardens__events, fct_gardens_player_games
-- flag: metric=track_space estimate=space_mean reference=other_gods_space_mean lo=space_lo hi=space_hi
with events as (

    select * from stg_gardens__events

),

player_games as (

    select run_id, game_id, seat, source, ruleset, num_players from fct_gardens_player_games
    where in_study

),

spaces as (

    select run_id, game_id, player as seat,
        track_length, unnest(track_gods) as god, unnest(track_spaces) as space
    from events
    where event_type = 'player_scored'

),

pushes as (

    select run_id, game_id, player as seat, god, count(*) as pushed_back
    from events
    where event_type = 'track_moved' and cause = 'push'
    group by run_id, game_id, player, god

),

per_marker as (

    select
        player_games.source, player_games.ruleset, player_games.num_players, spaces.god, spaces.space,
        coalesce(pushes.pushed_back, 0) as pushed_back,
        spaces.track_length as track_end
    from spaces
    inner join player_games using (run_id, game_id, seat)
    left join pushes using (run_id, game_id, seat, god)

),

grouped as (

    select
        source, ruleset, num_players, god,
        count(*) as n,
        avg(space) as space_mean, stddev_samp(space) as space_sd,
        count(*) filter (where space = 0) as knocked_k,
        count(*) filter (where space = track_end) as at_end_k,
        avg(pushed_back) as pushed_mean, stddev_samp(pushed_back) as pushed_sd,
        sum(space) as space_sum
    from per_marker
    group by source, ruleset, num_players, god

),

with_others as (

    select
        grouped.*,
        sum(n) over cell - n as others_n,
        (sum(space_sum) over cell - space_sum) / nullif(sum(n) over cell - n, 0) as others_mean
    from grouped
    window cell as (partition by source, ruleset, num_players)

),

final as (

    select
        source,
        ruleset,
        num_players,
        god,
        n,
        space_mean,
        mean_lo(space_mean, space_sd, n) as space_lo,
        mean_hi(space_mean, space_sd, n) as space_hi,
        others_mean as other_gods_space_mean,
        knocked_k / n as knocked_off_rate,
        wilson_lo(knocked_k, n) as knocked_off_lo,
        wilson_hi(knocked_k, n) as knocked_off_hi,
        at_end_k / n as at_end_rate,
        wilson_lo(at_end_k, n) as at_end_lo,
        wilson_hi(at_end_k, n) as at_end_hi,
        pushed_mean,
        mean_lo(pushed_mean, pushed_sd, n) as pushed_lo,
        mean_hi(pushed_mean, pushed_sd, n) as pushed_hi,
        outside(others_mean, mean_lo(space_mean, space_sd, n), mean_hi(space_mean, space_sd, n)) as flagged
    from with_others

)

select * from final
order by source, ruleset, num_players, god
