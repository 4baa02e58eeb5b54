-- grain: one row per source (simulated / recorded), line-up (agent_mix), Caprice and breakdown level
-- (overall, slot, player count, agent); every rate is within one line-up (never pooled across kinds of play)
-- hit rate = share of player-games with the Caprice in play that met it;
-- points = mean points it contributed per player-game (0 when not met);
-- winner rate = hit rate among the game winners.
-- Overall rows are flagged when the interval excludes the pooled hit rate of
-- all face-down Caprices (unusually easy or hard); breakdown rows when it
-- excludes the same Caprice's overall rate.
-- key: source, agent_mix, caprice_id, dimension, level
-- game: caprices
-- depends: fct_caprices_caprices
-- flag: metric=caprice_hit_rate estimate=hit_rate reference=reference lo=hit_lo hi=hit_hi n=n where=source = 'simulated' and dimension <> 'agent'
with caprices as (

    select * from fct_caprices_caprices
    where in_study

),

grouped as (

    select
        source,
        agent_mix,
        caprice_id,
        case
            when grouping(slot_label) = 0 then 'slot'
            when grouping(num_players) = 0 then 'num_players'
            when grouping(agent) = 0 then 'agent'
            else 'overall'
        end as dimension,
        coalesce(slot_label, cast(num_players as varchar), agent, 'all') as level,
        bool_and(slot = 0) as is_common,
        count(*) as n,
        count(*) filter (where met) as k,
        avg(points) as points_mean,
        stddev_samp(points) as points_sd,
        count(*) filter (where won) as winner_n,
        count(*) filter (where won and met) as winner_k
    from caprices
    group by grouping sets ((source, agent_mix, caprice_id), (source, agent_mix, caprice_id, slot_label),
                           (source, agent_mix, caprice_id, num_players), (source, agent_mix, caprice_id, agent))

),

pooled as (

    select source, agent_mix, count(*) filter (where met) / count(*) as face_down_rate
    from caprices
    where slot > 0
    group by source, agent_mix

),

rated as (

    select
        grouped.*,
        k / n as hit_rate,
        wilson_lo(k, n) as hit_lo,
        wilson_hi(k, n) as hit_hi,
        max(case when dimension = 'overall' then k / n end) over (partition by source, agent_mix, caprice_id) as overall_rate
    from grouped

),

final as (

    select
        rated.source,
        rated.agent_mix,
        caprice_id,
        dimension,
        level,
        is_common,
        n,
        k,
        hit_rate,
        hit_lo,
        hit_hi,
        points_mean,
        mean_lo(points_mean, points_sd, n) as points_lo,
        mean_hi(points_mean, points_sd, n) as points_hi,
        winner_n,
        winner_k,
        winner_k / nullif(winner_n, 0) as winner_hit_rate,
        wilson_lo(winner_k, winner_n) as winner_lo,
        wilson_hi(winner_k, winner_n) as winner_hi,
        case when dimension = 'overall' and not is_common then pooled.face_down_rate
             when dimension = 'overall' then null
             else overall_rate end as reference,
        case when dimension = 'overall' and not is_common then 'pooled face-down hit rate'
             when dimension = 'overall' then 'none (common Caprice)'
             else 'this Caprice overall' end as reference_label,
        outside(reference, hit_lo, hit_hi) as flagged
    from rated
    left join pooled using (source, agent_mix)

)

select * from final
order by source, agent_mix, caprice_id, dimension, level
