-- grain: one row per source (simulated / recorded), match-up, player count, pace profile and relative pace, mixed-pace games only
-- Does being faster decide the game? Relative pace = the player's profile mean
-- think time / the mean of its opponents' (0.8 = 20% faster than the table,
-- 1.25 = the slower side of that table). Win rate with the Wilson 95% interval,
-- flagged when it excludes the fair share 1/P; the realised relative think time
-- shows the drawn times followed the profiles. Only games whose seats have
-- different profile means count (equal paces differ only by chance).
-- match-up = the distinct agent names of the game, sorted: read speed on a
-- match-up that differs only in pace (greedy vs greedy-fast); with agents of
-- different strength (random vs greedy-fast) strength confounds speed.
-- key: source, matchup, num_players, pace, relative_pace
-- game: gods
-- depends: fct_gods_player_games, fct_games
-- flag: metric=speed_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n where=matchup = 'greedy vs greedy-fast'
with player_games as (

    select * from fct_gods_player_games
    where in_study

),

matchups as (

    select run_id, game_id, array_to_string(list_sort(list_distinct(agents)), ' vs ') as matchup
    from fct_games
    where game = 'gods' and in_study

),

mixed as (

    select run_id, game_id
    from player_games
    group by run_id, game_id
    having count(distinct pace_mean_ms) > 1

),

grouped as (

    select
        player_games.source,
        matchups.matchup,
        player_games.num_players,
        player_games.pace,
        round(player_games.relative_pace, 2) as relative_pace,
        count(*) as n,
        sum(player_games.win_share) as wins,
        avg(player_games.relative_think) as relative_think_mean,
        avg(player_games.score) as score_mean,
        stddev_samp(player_games.score) as score_sd
    from player_games
    inner join mixed using (run_id, game_id)
    inner join matchups using (run_id, game_id)
    group by player_games.source, matchups.matchup, player_games.num_players, player_games.pace, round(player_games.relative_pace, 2)

),

final as (

    select
        source,
        matchup,
        num_players,
        pace,
        relative_pace,
        n,
        wins,
        unnest(win_rate_vs_fair_share(wins, n, 1.0 / num_players)),
        relative_think_mean,
        score_mean,
        mean_lo(score_mean, score_sd, n) as score_lo,
        mean_hi(score_mean, score_sd, n) as score_hi
    from grouped

)

select * from final
order by source, matchup, num_players, relative_pace
