-- grain: one row per player per game, every game in the lake
-- key: game, run_id, game_id, seat
-- depends: stg_events, fct_games
-- incremental: run
with events as (

    select * from stg_events

),

games as (

    select game, run_id, game_id, source, ruleset, in_study, num_players, agents, is_mixed_lineup, agent_mix
    from fct_games

),

scored as (

    select game, run_id, game_id, player as seat, score, rank, win_share
    from events
    where event_type = 'player_scored'

),

final as (

    select
        scored.game,
        scored.run_id,
        scored.game_id,
        games.source,
        games.ruleset,
        games.in_study,
        games.num_players,
        games.is_mixed_lineup,
        games.agent_mix,
        scored.seat,
        games.agents[scored.seat + 1] as agent,
        scored.score,
        scored.rank,
        scored.win_share,
        scored.win_share > 0 as won
    from scored
    inner join games using (game, run_id, game_id)

)

select * from final
