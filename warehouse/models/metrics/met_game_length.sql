-- grain: one row per game, source (simulated / recorded) and player count
-- Length in events and rounds (mean with a normal 95% interval), tie rate
-- (still tied after the tie-break) with a Wilson interval.
-- key: game, source, num_players
-- depends: fct_games
with games as (

    select * from fct_games
    where in_study

),

by_count as (

    select
        game,
        source,
        num_players,
        count(*) as n,
        avg(n_events) as events_mean,
        stddev_samp(n_events) as events_sd,
        avg(n_rounds) as rounds_mean,
        stddev_samp(n_rounds) as rounds_sd,
        count(*) filter (where is_tie) as ties
    from games
    group by game, source, num_players

),

final as (

    select
        game,
        source,
        num_players,
        n,
        events_mean,
        mean_lo(events_mean, events_sd, n) as events_lo,
        mean_hi(events_mean, events_sd, n) as events_hi,
        rounds_mean,
        mean_lo(rounds_mean, rounds_sd, n) as rounds_lo,
        mean_hi(rounds_mean, rounds_sd, n) as rounds_hi,
        ties,
        ties / n as tie_rate,
        wilson_lo(ties, n) as tie_lo,
        wilson_hi(ties, n) as tie_hi
    from by_count

)

select * from final
order by game, source, num_players
