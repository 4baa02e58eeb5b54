-- grain: one row per source (simulated / recorded), line-up (agent_mix), ruleset and bonus tile
-- Among players who completed at least one panorama: pick rate of each tile
-- (Wilson 95%), the takers' mean final score and win rate against the other
-- panorama completers' (score difference with a normal 95% interval, win
-- rates with Wilson 95%). flagged = the difference in mean score is beyond
-- noise (its interval excludes 0). Observational: takers differ from others in
-- more than the tile (e.g. they completed panoramas when it was on offer).
-- key: source, ruleset, agent_mix, tile
-- game: gardens
-- depends: fct_gardens_bonus_tiles
-- flag: metric=tile_value_observed estimate=score_diff reference=0 lo=score_diff_lo hi=score_diff_hi
with tiles as (

    select * from fct_gardens_bonus_tiles
    where in_study

),

grouped as (

    select
        source,
        ruleset,
        agent_mix,
        tile,
        count(*) as n,
        count(*) filter (where took) as k,
        avg(tile_value) filter (where took) as mean_value,
        avg(score) filter (where took) as takers_score,
        stddev_samp(score) filter (where took) as takers_sd,
        avg(score) filter (where not took) as others_score,
        stddev_samp(score) filter (where not took) as others_sd,
        sum(win_share) filter (where took) as takers_wins,
        sum(win_share) filter (where not took) as others_wins
    from tiles
    group by ruleset, source, agent_mix, tile

),

compared as (

    select
        grouped.*,
        n - k as others_n,
        takers_score - others_score as score_diff,
        1.96 * sqrt(coalesce(takers_sd, 0) ^ 2 / nullif(k, 0)
            + coalesce(others_sd, 0) ^ 2 / nullif(n - k, 0)) as score_margin
    from grouped

),

final as (

    select
        source,
        ruleset,
        agent_mix,
        tile,
        n,
        k,
        k / n as pick_rate,
        wilson_lo(k, n) as pick_lo,
        wilson_hi(k, n) as pick_hi,
        mean_value,
        takers_score,
        others_n,
        others_score,
        score_diff,
        score_diff - score_margin as score_diff_lo,
        score_diff + score_margin as score_diff_hi,
        takers_wins / nullif(k, 0) as takers_win_rate,
        wilson_lo(takers_wins, k) as takers_win_lo,
        wilson_hi(takers_wins, k) as takers_win_hi,
        others_wins / nullif(others_n, 0) as others_win_rate,
        wilson_lo(others_wins, others_n) as others_win_lo,
        wilson_hi(others_wins, others_n) as others_win_hi,
        outside(0, score_diff - score_margin, score_diff + score_margin) as flagged
    from compared

)

select * from final
order by ruleset, source, agent_mix, tile
