-- grain: one row per source (simulated / recorded), line-up (agent_mix) and landscape
-- Mean final mass and number of groups (95% intervals), how often the
-- landscape earns a mass / groups bonus (Wilson 95%), how often its god is
-- claimed, and the win rate of its god's holder (flagged against the fair
-- share, the mean 1/P of those games). Per line-up, never pooled across kinds of play; only uniform
-- line-ups are flagged (in a mixed one a holder's wins are mostly its agent's strength).
-- key: source, agent_mix, landscape
-- game: gods
-- depends: fct_gods_landscapes, fct_gods_games, fct_games
-- flag: metric=god_win_rate column=holder_flagged estimate=holder_win_rate reference=holder_reference lo=holder_win_lo hi=holder_win_hi n=holder_n where=agent_mix not like '% vs %'
with landscapes as (

    select * from fct_gods_landscapes
    where in_study

),

games as (

    select gods_games.run_id, gods_games.game_id, gods_games.num_players, all_games.agent_mix
    from fct_gods_games as gods_games
    inner join fct_games as all_games using (run_id, game_id)
    where gods_games.in_study and all_games.game = 'gods'

),

grouped as (

    select
        landscapes.source,
        games.agent_mix,
        landscape,
        count(*) as n,
        avg(mass) as mass_mean,
        stddev_samp(mass) as mass_sd,
        avg(groups) as groups_mean,
        stddev_samp(groups) as groups_sd,
        count(*) filter (where mass_bonus > 0) as mass_bonus_games,
        count(*) filter (where groups_bonus > 0) as groups_bonus_games,
        count(holder_seat) as claimed_games,
        sum(holder_win_share) as holder_wins,
        avg(1.0 / num_players) filter (where holder_seat is not null) as holder_reference
    from landscapes
    inner join games using (run_id, game_id)
    group by landscapes.source, games.agent_mix, landscape

),

final as (

    select
        source,
        agent_mix,
        landscape,
        n,
        mass_mean,
        mean_lo(mass_mean, mass_sd, n) as mass_lo,
        mean_hi(mass_mean, mass_sd, n) as mass_hi,
        groups_mean,
        mean_lo(groups_mean, groups_sd, n) as groups_lo,
        mean_hi(groups_mean, groups_sd, n) as groups_hi,
        mass_bonus_games / n as mass_bonus_rate,
        wilson_lo(mass_bonus_games, n) as mass_bonus_lo,
        wilson_hi(mass_bonus_games, n) as mass_bonus_hi,
        groups_bonus_games / n as groups_bonus_rate,
        wilson_lo(groups_bonus_games, n) as groups_bonus_lo,
        wilson_hi(groups_bonus_games, n) as groups_bonus_hi,
        claimed_games / n as claimed_rate,
        claimed_games as holder_n,
        holder_wins / nullif(claimed_games, 0) as holder_win_rate,
        wilson_lo(holder_wins, claimed_games) as holder_win_lo,
        wilson_hi(holder_wins, claimed_games) as holder_win_hi,
        holder_reference,
        outside(holder_reference, wilson_lo(holder_wins, claimed_games), wilson_hi(holder_wins, claimed_games))
            as holder_flagged
    from grouped

)

select * from final
order by source, agent_mix, landscape
