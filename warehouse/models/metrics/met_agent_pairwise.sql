-- grain: one row per game, ruleset, player count, agent and opponent: the pairwise win-rate matrix
-- Every two-agent game counts for both orientations (agent vs opponent and back). The win rate is
-- the agent's mean win share against that opponent, with a Wilson 95% interval on the summed shares;
-- flagged when the interval excludes 1/2 (the two agents are not equally strong, beyond noise).
-- Seats rotate in every run, so each agent sat in every seat equally often.
-- key: game, ruleset, num_players, agent, opponent
-- depends: fct_agent_matches
with matches as (

    select * from fct_agent_matches

),

both_ways as (

    select game, ruleset, num_players, agent, opponent, agent_share as share from matches
    union all
    select game, ruleset, num_players, opponent as agent, agent as opponent, opponent_share as share from matches

),

cells as (

    select
        game, ruleset, num_players, agent, opponent,
        count(*) as n,
        sum(share) as wins
    from both_ways
    group by game, ruleset, num_players, agent, opponent

),

final as (

    select
        game,
        ruleset,
        num_players,
        agent,
        opponent,
        n,
        wins,
        unnest(win_rate_vs(wins, n, 0.5, 'even match 1/2'))
    from cells

)

select * from final
order by game, ruleset, num_players, agent, opponent
