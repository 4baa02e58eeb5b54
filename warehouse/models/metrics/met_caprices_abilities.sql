-- grain: one row per source (simulated / recorded), measure, player count and agent ('all' = pooled)
-- Caste and ability use per player-game: rally, Bourgeoise and Noble turns
-- (means, normal 95% interval); Knight and Minister transformations at
-- scoring (rates, Wilson 95%) and Ministers transformed (mean).
-- key: source, measure, num_players, agent
-- game: caprices
-- depends: fct_caprices_player_games
with player_games as (

    select * from fct_caprices_player_games
    where in_study

),

grouped as (

    select
        source,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        coalesce(agent, 'all') as agent,
        count(*) as n,
        avg(rally_turns) as rally_mean, stddev_samp(rally_turns) as rally_sd,
        avg(bourgeoise_turns) as bourgeoise_mean, stddev_samp(bourgeoise_turns) as bourgeoise_sd,
        avg(noble_turns) as noble_mean, stddev_samp(noble_turns) as noble_sd,
        avg(ministers_transformed) as ministers_mean, stddev_samp(ministers_transformed) as ministers_sd,
        count(*) filter (where knight_transformed) as knight_k,
        count(*) filter (where ministers_transformed > 0) as minister_k
    from player_games
    group by grouping sets ((source), (source, num_players), (source, agent), (source, num_players, agent))

),

means as (

    select source, num_players, agent, n, 'rally_turns' as measure, 'mean' as kind,
        rally_mean as value, mean_lo(rally_mean, rally_sd, n) as lo, mean_hi(rally_mean, rally_sd, n) as hi
    from grouped
    union all
    select source, num_players, agent, n, 'bourgeoise_turns', 'mean',
        bourgeoise_mean, mean_lo(bourgeoise_mean, bourgeoise_sd, n), mean_hi(bourgeoise_mean, bourgeoise_sd, n)
    from grouped
    union all
    select source, num_players, agent, n, 'noble_turns', 'mean',
        noble_mean, mean_lo(noble_mean, noble_sd, n), mean_hi(noble_mean, noble_sd, n)
    from grouped
    union all
    select source, num_players, agent, n, 'ministers_transformed', 'mean',
        ministers_mean, mean_lo(ministers_mean, ministers_sd, n), mean_hi(ministers_mean, ministers_sd, n)
    from grouped

),

rates as (

    select source, num_players, agent, n, 'knight_transformation' as measure, 'rate' as kind,
        knight_k / n as value, wilson_lo(knight_k, n) as lo, wilson_hi(knight_k, n) as hi
    from grouped
    union all
    select source, num_players, agent, n, 'minister_transformation', 'rate',
        minister_k / n, wilson_lo(minister_k, n), wilson_hi(minister_k, n)
    from grouped

),

final as (

    select * from means
    union all
    select * from rates

)

select * from final
order by source, measure, num_players, agent
