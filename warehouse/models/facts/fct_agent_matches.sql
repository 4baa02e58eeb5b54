-- grain: one row per game whose line-up holds exactly two agent types (a ladder pairing, or any
-- two-agent line-up of a run), with the two agents in name order and the win share each took
-- A game's win shares sum to 1 (a shared win is split), so agent_share + opponent_share = 1.
-- key: game, run_id, game_id
-- depends: fct_player_games
with player_games as (

    select * from fct_player_games

),

by_agent as (

    select
        game, ruleset, num_players, run_id, game_id, agent,
        sum(win_share) as share,
        count(*) as seats
    from player_games
    group by game, ruleset, num_players, run_id, game_id, agent

),

two_agent_games as (

    select game, run_id, game_id
    from by_agent
    group by game, run_id, game_id
    having count(*) = 2

),

final as (

    select
        a.game,
        a.ruleset,
        a.num_players,
        a.run_id,
        a.game_id,
        a.agent,
        b.agent as opponent,
        a.seats as agent_seats,
        a.share as agent_share,
        b.share as opponent_share
    from by_agent as a
    inner join by_agent as b using (game, run_id, game_id)
    inner join two_agent_games using (game, run_id, game_id)
    where a.agent < b.agent

)

select * from final
