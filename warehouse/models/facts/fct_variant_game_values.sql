-- grain: one row per experiment-arm game, metric and level (every game)
-- The per-game value of each metric a what-if compares, for the games of
-- `balance compare` / `sweep` / `tune` arms only: the mean score per player,
-- the winning score, rounds, ties, each seat's win share (uniform line-ups)
-- and each agent's win share (mixed line-ups). Paired by game_id across the
-- arms of an experiment in met_variant_diff (game k of every arm has the same
-- seed and seating). Game-specific metrics: fct_variant_values_<game>.
-- key: run_id, game_id, metric, level
-- depends: fct_variant_arms, fct_games, fct_player_games
with arms as (

    select distinct run_id from fct_variant_arms

),

games as (

    select fct_games.* from fct_games inner join arms using (run_id)

),

player_games as (

    select fct_player_games.* from fct_player_games inner join arms using (run_id)

),

per_game as (

    select run_id, game_id, num_players, avg(score) as score_mean
    from player_games
    group by run_id, game_id, num_players

),

per_agent as (

    select run_id, game_id, num_players, agent, avg(win_share) as win_share
    from player_games
    where is_mixed_lineup
    group by run_id, game_id, num_players, agent

),

final as (

    select run_id, game_id, num_players, 'score' as metric, 'overall' as level_kind, 'overall' as level,
           score_mean as value
    from per_game
    union all
    select run_id, game_id, num_players, 'winning_score', 'overall', 'overall', winning_score
    from games
    union all
    select run_id, game_id, num_players, 'rounds', 'overall', 'overall', n_rounds
    from games
    where game != 'gods'
    union all
    select run_id, game_id, num_players, 'tie_rate', 'overall', 'overall', case when is_tie then 1.0 else 0.0 end
    from games
    union all
    select run_id, game_id, num_players, 'seat_win_rate', 'seat', 'seat ' || (seat + 1), win_share
    from player_games
    where not is_mixed_lineup
    union all
    select run_id, game_id, num_players, 'agent_win_rate', 'agent', agent, win_share
    from per_agent

)

select * from final
