-- grain: one row per game, source (simulated / recorded), ruleset, line-up (agent_mix), player count and seat
-- Win rate = mean win share (a shared win counts 1/k); Wilson 95% interval on
-- the summed shares. Flagged when the interval excludes the fair share 1/P.
-- Only uniform line-ups (every seat the same agent type) count: in a mixed
-- line-up a seat's win rate also measures which agents sat there (with two
-- agent types at 3 or 5 seats, rotation seats the lone strong agent in the
-- middle seat every other game), which is not a seat effect. Each line-up is
-- its own row (agent_mix: 'random', 'greedy', 'ismcts' ...): a seat effect is
-- a property of the game under a kind of play, never pooled across kinds;
-- nor across rulesets (Four Gardens and The God's Caprice are two games to a
-- designer, and the flag families follow the ruleset column).
-- key: game, source, ruleset, agent_mix, num_players, seat
-- depends: fct_player_games
-- flag: metric=seat_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n where=source = 'simulated'
with player_games as (

    select * from fct_player_games
    where not is_mixed_lineup and in_study

),

by_seat as (

    select
        game,
        source,
        ruleset,
        agent_mix,
        num_players,
        seat,
        count(*) as n,
        sum(win_share) as wins,
        avg(score) as score_mean,
        stddev_samp(score) as score_sd
    from player_games
    group by game, source, ruleset, agent_mix, num_players, seat

),

final as (

    select
        game,
        source,
        ruleset,
        agent_mix,
        num_players,
        seat,
        n,
        wins,
        unnest(win_rate_vs_fair_share(wins, n, 1.0 / num_players)),
        score_mean,
        mean_lo(score_mean, score_sd, n) as score_lo,
        mean_hi(score_mean, score_sd, n) as score_hi
    from by_seat

)

select * from final
order by game, source, ruleset, agent_mix, num_players, seat
