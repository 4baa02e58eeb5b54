-- grain: one row per source (simulated / recorded), measure, ruleset, player count and agent ('all' = pooled)
-- Per player-game means (normal 95%): actions by type, resources collected
-- and lost to full storage, panoramas by size, completed groundworks,
-- push-backs and knock-offs, Caprice tile uses, rounds (game length); and the
-- share of collected icons lost to full storage (ratio of sums, no interval).
-- key: source, measure, ruleset, num_players, agent
-- game: gardens
-- depends: fct_gardens_player_games
with player_games as (

    select * from fct_gardens_player_games
    where in_study

),

long as (

    select source, ruleset, num_players, agent, measure, value
    from player_games
    unpivot (value for measure in (
        lay_actions, rotate_actions, wild_actions, reallocate_actions,
        resources_collected, resources_lost, panoramas_2, panoramas_3, completed,
        pushed_back, knocked_off, caprice_tile_uses, rounds, score, track_points, extra_rewards, favor
    ))

),

grouped as (

    select
        source,
        measure,
        coalesce(ruleset, 'all') as ruleset,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        coalesce(agent, 'all') as agent,
        count(*) as n,
        avg(value) as mean,
        stddev_samp(value) as sd
    from long
    group by grouping sets ((source, measure, ruleset), (source, measure, ruleset, num_players),
        (source, measure, ruleset, agent), (source, measure, ruleset, num_players, agent))

),

lost_share as (

    select
        source, 'lost_share' as measure, ruleset, cast(num_players as varchar) as num_players, 'all' as agent,
        count(*) as n,
        sum(resources_lost) / nullif(sum(resources_lost + resources_collected), 0) as mean,
        null as lo, null as hi
    from player_games
    group by source, ruleset, num_players

),

final as (

    select source, measure, ruleset, num_players, agent, n, mean, mean_lo(mean, sd, n) as lo, mean_hi(mean, sd, n) as hi
    from grouped
    union all
    select * from lost_share

)

select * from final
order by source, measure, ruleset, num_players, agent
