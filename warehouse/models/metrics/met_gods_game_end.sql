-- grain: one row per source (simulated / recorded), end reason (frame_full, bag_empty, stuck, idle) and player count
-- How 4 Gods games end: share of games (Wilson 95%), tiles in the world,
-- simulated duration in minutes and actions carried out (means with 95% intervals).
-- key: source, end_reason, num_players
-- game: gods
-- depends: fct_gods_games
with games as (

    select * from fct_gods_games
    where in_study

),

totals as (

    select source, num_players, count(*) as n_games
    from games
    group by source, num_players

),

grouped as (

    select
        source,
        end_reason,
        num_players,
        count(*) as k,
        avg(tiles_placed) as tiles_mean,
        stddev_samp(tiles_placed) as tiles_sd,
        avg(duration_ms) / 60000.0 as minutes_mean,
        stddev_samp(duration_ms) / 60000.0 as minutes_sd,
        avg(actions) as actions_mean,
        stddev_samp(actions) as actions_sd
    from games
    group by source, end_reason, num_players

),

final as (

    select
        grouped.source,
        grouped.end_reason,
        grouped.num_players,
        totals.n_games as n,
        grouped.k,
        grouped.k / totals.n_games as rate,
        wilson_lo(grouped.k, totals.n_games) as rate_lo,
        wilson_hi(grouped.k, totals.n_games) as rate_hi,
        tiles_mean,
        mean_lo(tiles_mean, tiles_sd, k) as tiles_lo,
        mean_hi(tiles_mean, tiles_sd, k) as tiles_hi,
        minutes_mean,
        mean_lo(minutes_mean, minutes_sd, k) as minutes_lo,
        mean_hi(minutes_mean, minutes_sd, k) as minutes_hi,
        actions_mean,
        mean_lo(actions_mean, actions_sd, k) as actions_lo,
        mean_hi(actions_mean, actions_sd, k) as actions_hi
    from grouped
    inner join totals using (source, num_players)

)

select * from final
order by source, num_players, end_reason
