-- grain: one row per game, source (simulated / recorded), player count and agent type
-- Only games with a mixed line-up (more than one agent type) count: in a
-- uniform line-up every agent wins its fair share by construction.
-- Flagged when the Wilson interval excludes the fair share 1/P.
-- key: game, source, num_players, agent
-- depends: fct_player_games
with player_games as (

    select * from fct_player_games
    where is_mixed_lineup and in_study

),

by_agent as (

    select
        game,
        source,
        num_players,
        agent,
        count(*) as n,
        sum(win_share) as wins,
        avg(score) as score_mean,
        stddev_samp(score) as score_sd
    from player_games
    group by game, source, num_players, agent

),

final as (

    select
        game,
        source,
        num_players,
        agent,
        n,
        wins,
        unnest(win_rate_vs_fair_share(wins, n, 1.0 / num_players)),
        score_mean,
        mean_lo(score_mean, score_sd, n) as score_lo,
        mean_hi(score_mean, score_sd, n) as score_hi
    from by_agent

)

select * from final
order by game, source, num_players, agent
