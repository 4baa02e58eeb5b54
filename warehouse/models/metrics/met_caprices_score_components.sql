-- grain: one row per source (simulated / recorded), score component and player count ('all' = pooled)
-- Mean points per player-game from each component (normal 95% interval) and
-- how often it scores at all (Wilson 95%); for Order and Unity the latter is
-- the common Caprice's hit rate.
-- key: source, component, num_players
-- game: caprices
-- depends: fct_caprices_player_games
with player_games as (

    select * from fct_caprices_player_games
    where in_study

),

long as (

    unpivot (
        select source, num_players, card_points, order_points, merchant_points, unity_points, caprice_points, score
        from player_games
    )
    on card_points, order_points, merchant_points, unity_points, caprice_points, score
    into name component value points

),

grouped as (

    select
        source,
        component,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) as n,
        avg(points) as points_mean,
        stddev_samp(points) as points_sd,
        count(*) filter (where points > 0) as k
    from long
    group by grouping sets ((source, component), (source, component, num_players))

),

final as (

    select
        source,
        component,
        num_players,
        n,
        points_mean,
        points_sd,
        mean_lo(points_mean, points_sd, n) as points_lo,
        mean_hi(points_mean, points_sd, n) as points_hi,
        k,
        k / n as hit_rate,
        wilson_lo(k, n) as hit_lo,
        wilson_hi(k, n) as hit_hi
    from grouped

)

select * from final
order by source, component, num_players
