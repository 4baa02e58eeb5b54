-- grain: one row per source (simulated / recorded), line-up (agent_mix), Caprice slot (+30/+20/+15/+10
-- face-down, common) and player count ('all' = every player count of that line-up)
-- Is the +30 slot too generous? Hit rate of whatever Caprice lies in a slot,
-- and the points the slot pays per player-game. Face-down slots are flagged
-- when their interval excludes the pooled face-down hit rate at that player
-- count (agents chasing a bonus more, or a slot being easier).
-- key: source, agent_mix, slot, num_players
-- game: caprices
-- depends: fct_caprices_caprices
-- flag: metric=slot_hit_rate estimate=hit_rate reference=reference lo=hit_lo hi=hit_hi n=n where=source = 'simulated'
with caprices as (

    select * from fct_caprices_caprices
    where in_study

),

grouped as (

    select
        source,
        agent_mix,
        slot,
        any_value(slot_label) as slot_label,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) as n,
        count(*) filter (where met) as k,
        avg(points) as points_mean,
        stddev_samp(points) as points_sd
    from caprices
    group by grouping sets ((source, agent_mix, slot), (source, agent_mix, slot, num_players))

),

pooled as (

    select
        source,
        agent_mix,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) filter (where met) / count(*) as face_down_rate
    from caprices
    where slot > 0
    group by grouping sets ((source, agent_mix), (source, agent_mix, num_players))

),

final as (

    select
        grouped.source,
        grouped.agent_mix,
        grouped.slot,
        grouped.slot_label,
        grouped.num_players,
        grouped.n,
        grouped.k,
        grouped.k / grouped.n as hit_rate,
        wilson_lo(grouped.k, grouped.n) as hit_lo,
        wilson_hi(grouped.k, grouped.n) as hit_hi,
        grouped.points_mean,
        mean_lo(grouped.points_mean, grouped.points_sd, grouped.n) as points_lo,
        mean_hi(grouped.points_mean, grouped.points_sd, grouped.n) as points_hi,
        case when grouped.slot > 0 then pooled.face_down_rate end as reference,
        case when grouped.slot > 0 then 'pooled face-down hit rate' else 'none (common Caprices)' end
            as reference_label,
        outside(reference, hit_lo, hit_hi) as flagged
    from grouped
    left join pooled using (source, agent_mix, num_players)

)

select * from final
order by source, agent_mix, num_players, slot
