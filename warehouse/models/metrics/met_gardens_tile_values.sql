-- grain: one row per ruleset and bonus tile
-- Causal value of taking a tile (paired simulation, `balance tile-value`): at
-- each sampled bonus decision every tile on offer was forced and the game
-- played out K times with the same seeds; a tile's value there is the
-- decider's mean final score (win share) minus the mean over the options.
-- Here: the mean of those differences over decisions (the decision is the
-- unit; rollouts are averaged inside it) with a Student t 95% interval (few
-- decisions per tile are common; same critical values as simulate/tile_value.py).
-- flagged = the score interval excludes 0 (beyond noise).
-- game: gardens
-- depends: stg_gardens__tile_values
with options as (

    select * from stg_gardens__tile_values

),

grouped as (

    select
        ruleset,
        tile,
        count(*) as n,
        cast(sum(n_rollouts) as bigint) as n_rollouts,
        count(distinct run_id) as runs,
        avg(options) as mean_options,
        avg(score_vs_avg) as score_vs_avg,
        stddev_samp(score_vs_avg) as score_sd,
        avg(win_vs_avg) as win_vs_avg,
        stddev_samp(win_vs_avg) as win_sd
    from options
    group by ruleset, tile

),

intervals as (

    select
        grouped.*,
        -- t 97.5% quantile for n - 1 degrees of freedom (1.96 + 2.5/df beyond 30)
        case when n > 31 then 1.96 + 2.5 / (n - 1)
             when n > 1 then list_extract([12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                 2.060, 2.056, 2.052, 2.048, 2.045, 2.042], n - 1) end as t,
        sqrt(1.0 / n) as root_inv_n
    from grouped

),

final as (

    select
        ruleset,
        tile,
        n,
        n_rollouts,
        runs,
        mean_options,
        score_vs_avg,
        score_vs_avg - t * coalesce(score_sd, 0) * root_inv_n as score_lo,
        score_vs_avg + t * coalesce(score_sd, 0) * root_inv_n as score_hi,
        win_vs_avg,
        win_vs_avg - t * coalesce(win_sd, 0) * root_inv_n as win_lo,
        win_vs_avg + t * coalesce(win_sd, 0) * root_inv_n as win_hi,
        outside(0, score_vs_avg - t * coalesce(score_sd, 0) * root_inv_n,
            score_vs_avg + t * coalesce(score_sd, 0) * root_inv_n) as flagged
    from intervals

)

select * from final
order by ruleset, tile
