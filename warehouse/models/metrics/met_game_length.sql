-- grain: one row per game, ruleset, source (simulated / recorded), line-up (agent_mix) and player count
-- Length in events and rounds (mean with a normal 95% interval), tie rate
-- (still tied after the tie-break) with a Wilson interval. Per ruleset and line-up: how long a game
-- lasts depends on its rules and on how the line-up plays, never pooled.
-- key: game, ruleset, source, agent_mix, num_players
-- depends: fct_games
with games as (

    select * from fct_games
    where in_study

),

by_count as (

    select
        game,
        ruleset,
        source,
        agent_mix,
        num_players,
        count(*) as n,
        avg(n_events) as events_mean,
        stddev_samp(n_events) as events_sd,
        avg(n_rounds) as rounds_mean,
        stddev_samp(n_rounds) as rounds_sd,
        count(*) filter (where is_tie) as ties
    from games
    group by game, ruleset, source, agent_mix, num_players

),

final as (

    select
        game,
        ruleset,
        source,
        agent_mix,
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
order by game, ruleset, source, agent_mix, num_players
