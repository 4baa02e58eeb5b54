-- grain: one row per source (simulated / recorded), player count and turn position (0 = the first player)
-- The first-player edge by turn position rather than by seat: the same as
-- met_seat_advantage when seat 0 always starts (players.first = "seat0"),
-- and the only one that shows it when the King aid is dealt at random.
-- Uniform line-ups only, as for met_seat_advantage; Wilson 95% interval on
-- the summed win shares, flagged when it excludes the fair share 1/P.
-- key: source, num_players, turn_position
-- game: caprices
-- depends: fct_caprices_player_games
with player_games as (

    select * from fct_caprices_player_games
    where not is_mixed_lineup and in_study

),

by_position as (

    select
        source,
        num_players,
        turn_position,
        count(*) as n,
        sum(win_share) as wins,
        count(*) filter (where king_aid_at_random) as random_starts
    from player_games
    group by source, num_players, turn_position

),

final as (

    select
        source,
        num_players,
        turn_position,
        n,
        wins,
        unnest(win_rate_vs_fair_share(wins, n, 1.0 / num_players)),
        random_starts
    from by_position

)

select * from final
order by source, num_players, turn_position
