-- grain: one row per god-claim order (1 = first to claim in the game, 'never') and player count
-- Does claiming a god early win? Win rate per claim order with the Wilson 95%
-- interval, flagged when it excludes the fair share; mean claim time in seconds.
-- game: gods
-- depends: fct_gods_player_games
with player_games as (

    select * from fct_gods_player_games

),

grouped as (

    select
        coalesce(cast(claim_order as varchar), 'never') as claim_order,
        num_players,
        count(*) as n,
        sum(win_share) as wins,
        avg(god_claimed_ms) / 1000.0 as claimed_s_mean,
        stddev_samp(god_claimed_ms) / 1000.0 as claimed_s_sd
    from player_games
    group by 1, num_players

),

final as (

    select
        claim_order,
        num_players,
        n,
        wins,
        wins / n as win_rate,
        wilson_lo(wins, n) as win_lo,
        wilson_hi(wins, n) as win_hi,
        1.0 / num_players as reference,
        'fair share 1/P' as reference_label,
        outside(1.0 / num_players, wilson_lo(wins, n), wilson_hi(wins, n)) as flagged,
        claimed_s_mean,
        mean_lo(claimed_s_mean, claimed_s_sd, n) as claimed_s_lo,
        mean_hi(claimed_s_mean, claimed_s_sd, n) as claimed_s_hi
    from grouped

)

select * from final
order by num_players, claim_order
