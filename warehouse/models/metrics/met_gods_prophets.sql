-- grain: one row per source (simulated / recorded), number of prophets a player placed on tiles (8 = 8 or more) and player count
-- Prophets vs points: mean region points and score (95% intervals) and the
-- win rate (Wilson 95%, flagged against the fair share 1/P).
-- key: source, prophets, num_players
-- game: gods
-- depends: fct_gods_player_games
-- flag: metric=prophets_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n
with player_games as (

    select * from fct_gods_player_games
    where in_study

),

grouped as (

    select
        source,
        least(prophets_placed, 8) as prophets,
        num_players,
        count(*) as n,
        sum(win_share) as wins,
        avg(region_points) as region_points_mean,
        stddev_samp(region_points) as region_points_sd,
        avg(score) as score_mean,
        stddev_samp(score) as score_sd
    from player_games
    group by source, 2, num_players

),

final as (

    select
        source,
        prophets,
        num_players,
        n,
        region_points_mean,
        mean_lo(region_points_mean, region_points_sd, n) as region_points_lo,
        mean_hi(region_points_mean, region_points_sd, n) as region_points_hi,
        score_mean,
        mean_lo(score_mean, score_sd, n) as score_lo,
        mean_hi(score_mean, score_sd, n) as score_hi,
        wins / n as win_rate,
        wilson_lo(wins, n) as win_lo,
        wilson_hi(wins, n) as win_hi,
        1.0 / num_players as reference,
        outside(1.0 / num_players, wilson_lo(wins, n), wilson_hi(wins, n)) as flagged
    from grouped

)

select * from final
order by source, num_players, prophets
