-- grain: one row per source (simulated / recorded), line-up (agent_mix) and player count ('all' = pooled)
-- Winning-score quantiles, margin of victory (best minus second-best score;
-- 0 on a score tie) with a normal 95% interval, the score-tie rate (decided
-- by the lowest-total-value tie-break) and the tie rate after the tie-break.
-- Per line-up: scores depend on how well the line-up plays, never pooled.
-- key: source, agent_mix, num_players
-- game: caprices
-- depends: fct_caprices_player_games, fct_games
with player_games as (

    select * from fct_caprices_player_games
    where in_study

),

games as (

    select run_id, game_id, is_tie, agent_mix from fct_games
    where game = 'caprices' and in_study

),

per_game as (

    select
        run_id,
        game_id,
        source,
        num_players,
        list_sort(list(score), 'DESC') as scores
    from player_games
    group by run_id, game_id, source, num_players

),

margins as (

    select
        per_game.source,
        games.agent_mix,
        per_game.num_players,
        scores[1] as winning_score,
        scores[1] - scores[2] as margin,
        scores[1] = scores[2] as is_score_tie,
        games.is_tie
    from per_game
    inner join games using (run_id, game_id)

),

grouped as (

    select
        source,
        agent_mix,
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) as n,
        quantile_cont(winning_score, 0.1) as winning_p10,
        quantile_cont(winning_score, 0.25) as winning_p25,
        quantile_cont(winning_score, 0.5) as winning_p50,
        quantile_cont(winning_score, 0.75) as winning_p75,
        quantile_cont(winning_score, 0.9) as winning_p90,
        avg(winning_score) as winning_mean,
        avg(margin) as margin_mean,
        stddev_samp(margin) as margin_sd,
        count(*) filter (where is_score_tie) as score_ties,
        count(*) filter (where is_tie) as ties
    from margins
    group by grouping sets ((source, agent_mix), (source, agent_mix, num_players))

),

final as (

    select
        source,
        agent_mix,
        num_players,
        n,
        winning_p10,
        winning_p25,
        winning_p50,
        winning_p75,
        winning_p90,
        winning_mean,
        margin_mean,
        mean_lo(margin_mean, margin_sd, n) as margin_lo,
        mean_hi(margin_mean, margin_sd, n) as margin_hi,
        score_ties,
        score_ties / n as score_tie_rate,
        wilson_lo(score_ties, n) as score_tie_lo,
        wilson_hi(score_ties, n) as score_tie_hi,
        ties,
        ties / n as tie_rate,
        wilson_lo(ties, n) as tie_lo,
        wilson_hi(ties, n) as tie_hi
    from grouped

)

select * from final
order by source, agent_mix, num_players
