-- grain: one row per source (simulated / recorded) and player count ('all' = pooled)
-- Cities per game (placed, claimed, broken; means with 95% intervals), the
-- share of games with at least one city (Wilson 95%), and city points per
-- player-game.
-- key: source, num_players
-- game: gods
-- depends: fct_gods_games, fct_gods_player_games
with games as (

    select * from fct_gods_games
    where in_study

),

player_games as (

    select * from fct_gods_player_games
    where in_study

),

per_game as (

    select
        source,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) as n_games,
        avg(cities) as cities_mean,
        stddev_samp(cities) as cities_sd,
        avg(cities_claimed) as claimed_mean,
        avg(cities_broken) as broken_mean,
        count(*) filter (where cities > 0) as games_with_city
    from games
    group by grouping sets ((source), (source, num_players))

),

per_player as (

    select
        source,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) as n_player_games,
        avg(city_points) as city_points_mean,
        stddev_samp(city_points) as city_points_sd,
        avg(score) as score_mean
    from player_games
    group by grouping sets ((source), (source, num_players))

),

final as (

    select
        per_game.source,
        per_game.num_players,
        n_games,
        cities_mean,
        mean_lo(cities_mean, cities_sd, n_games) as cities_lo,
        mean_hi(cities_mean, cities_sd, n_games) as cities_hi,
        claimed_mean,
        broken_mean,
        games_with_city / n_games as city_game_rate,
        wilson_lo(games_with_city, n_games) as city_game_lo,
        wilson_hi(games_with_city, n_games) as city_game_hi,
        n_player_games,
        city_points_mean,
        mean_lo(city_points_mean, city_points_sd, n_player_games) as city_points_lo,
        mean_hi(city_points_mean, city_points_sd, n_player_games) as city_points_hi,
        city_points_mean / nullif(score_mean, 0) as city_share_of_score
    from per_game
    inner join per_player using (source, num_players)

)

select * from final
order by source, num_players
