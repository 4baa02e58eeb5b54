-- grain: one row per source (simulated / recorded), line-up (agent_mix), god-claim order (1 = first to claim in the game, 'never') and player count
-- Does claiming a god early win? Win rate per claim order with the Wilson 95%
-- interval, flagged when it excludes the fair share; mean claim time in seconds.
-- Per line-up: who claims first depends on how the line-up plays, never pooled; only uniform line-ups are
-- flagged (in a mixed one the first claimer is mostly the stronger agent).
-- key: source, agent_mix, claim_order, num_players
-- game: gods
-- depends: fct_gods_player_games
-- flag: metric=claim_order_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n where=agent_mix not like '% vs %'
with player_games as (

    select * from fct_gods_player_games
    where in_study

),

grouped as (

    select
        source,
        agent_mix,
        coalesce(cast(claim_order as varchar), 'never') as claim_order,
        num_players,
        count(*) as n,
        sum(win_share) as wins,
        avg(god_claimed_ms) / 1000.0 as claimed_s_mean,
        stddev_samp(god_claimed_ms) / 1000.0 as claimed_s_sd
    from player_games
    group by source, agent_mix, 3, num_players

),

final as (

    select
        source,
        agent_mix,
        claim_order,
        num_players,
        n,
        wins,
        unnest(win_rate_vs_fair_share(wins, n, 1.0 / num_players)),
        claimed_s_mean,
        mean_lo(claimed_s_mean, claimed_s_sd, n) as claimed_s_lo,
        mean_hi(claimed_s_mean, claimed_s_sd, n) as claimed_s_hi
    from grouped

)

select * from final
order by source, agent_mix, num_players, claim_order
