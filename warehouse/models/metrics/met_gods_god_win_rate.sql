-- grain: one row per source (simulated / recorded), line-up (agent_mix), god (landscape, 'none' = never
-- claimed) and player count
-- ('all' = pooled)
-- Win rate of the players holding each god, with the Wilson 95% interval;
-- flagged when the interval excludes the fair share (mean of 1/P over the rows).
-- key: source, agent_mix, god, num_players
-- game: gods
-- depends: fct_gods_player_games
-- flag: metric=god_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n
with player_games as (

    select * from fct_gods_player_games
    where in_study

),

grouped as (

    select
        source,
        agent_mix,
        coalesce(god, 'none') as god,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) as n,
        sum(win_share) as wins,
        avg(1.0 / num_players) as reference,
        avg(score) as score_mean,
        stddev_samp(score) as score_sd,
        avg(god_claimed_ms) / 1000.0 as claimed_s_mean
    from player_games
    group by grouping sets ((source, agent_mix, coalesce(god, 'none')),
        (source, agent_mix, coalesce(god, 'none'), num_players))

),

final as (

    select
        source,
        agent_mix,
        god,
        num_players,
        n,
        wins,
        unnest(win_rate_vs_fair_share(wins, n, reference)),
        score_mean,
        mean_lo(score_mean, score_sd, n) as score_lo,
        mean_hi(score_mean, score_sd, n) as score_hi,
        claimed_s_mean
    from grouped

)

select * from final
order by source, agent_mix, god, num_players
