-- grain: one row per game (game, run_id, game_id), every game in the lake
-- source: simulated or recorded (from the run's manifest: `balance ingest` marks recorded runs)
-- key: game, run_id, game_id
-- depends: stg_events, runs
-- incremental: run
with events as materialized (

    -- one scan of the lake for the three event types this model reads
    select * from stg_events
    where event_type in ('game_started', 'game_sealed', 'player_scored')

),

starts as (

    select game, run_id, game_id, seed, num_players, ruleset, ruleset_digest, agents
    from events
    where event_type = 'game_started'

),

lengths as (

    -- the seal is the last event: its seq + 1 is the game's event count (seq is
    -- gapless, checked by tests/seq_gapless.sql) and its round the final round
    select game, run_id, game_id, seq + 1 as n_events, round as n_rounds, true as is_sealed
    from events
    where event_type = 'game_sealed'

),

results as (

    select
        game, run_id, game_id,
        count(*) as n_scored,
        list(player order by player) filter (where win_share > 0) as winner_seats,
        count(*) filter (where win_share > 0) as n_winners,
        max(score) as winning_score
    from events
    where event_type = 'player_scored'
    group by game, run_id, game_id

),

final as (

    select
        starts.game,
        starts.run_id,
        starts.game_id,
        coalesce(runs.source, 'simulated') as source,
        starts.ruleset,
        starts.ruleset_digest,
        -- false for a what-if variant arm (compared with its baseline in met_variant_diff): the general
        -- metrics and the report's headlines read baseline games only
        coalesce(runs.in_study, true) as in_study,
        starts.num_players,
        array_to_string(starts.agents, '/') as lineup,
        starts.agents,
        len(list_distinct(starts.agents)) > 1 as is_mixed_lineup,
        -- the line-up regardless of seating: its distinct agents sorted, e.g. 'greedy' (every seat greedy) or
        -- 'greedy vs greedy-fast'; findings are cut by it, so no play strength is pooled with another
        array_to_string(list_sort(list_distinct(starts.agents)), ' vs ') as agent_mix,
        starts.seed,
        lengths.n_events,
        lengths.n_rounds,
        coalesce(lengths.is_sealed, false) as is_sealed,
        coalesce(results.n_scored, 0) as n_scored,
        results.winner_seats,
        results.winning_score,
        coalesce(results.n_winners > 1, false) as is_tie
    from starts
    left join lengths using (game, run_id, game_id)
    left join results using (game, run_id, game_id)
    left join runs on runs.run_id = starts.run_id and runs.game = starts.game

)

select * from final
