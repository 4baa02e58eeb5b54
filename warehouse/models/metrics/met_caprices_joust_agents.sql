-- grain: one row per player count ('all' = pooled) and agent type, mixed line-ups only
-- Does the Joust reward the stronger agent more than a single game does?
-- game_win_rate: share of the single games of the matches an agent won;
-- match_win_rate: share of the matches it won (Wilson 95% intervals; shared
-- wins count by their shares). gain = match minus game win rate, paired per
-- player-match (its match share minus its share of that match's games), with
-- a normal 95% interval; flagged (beyond noise) when it excludes 0.
-- key: num_players, agent
-- game: caprices-joust
-- depends: fct_caprices_joust_deals
with rows as (

    select * from fct_caprices_joust_deals
    where is_mixed_lineup and in_study

),

per_player_match as (

    select
        run_id, game_id, seat, num_players, agent,
        max(n_deals) as n_deals,
        max(match_share) as match_share,
        sum(deal_share) as deals_won,
        max(match_share) - sum(deal_share) / max(n_deals) as gain
    from rows
    group by run_id, game_id, seat, num_players, agent

),

grouped as (

    select
        coalesce(cast(num_players as varchar), 'all') as num_players,
        agent,
        count(*) as matches,
        sum(match_share) as match_wins,
        sum(n_deals) as games,
        sum(deals_won) as game_wins,
        avg(gain) as gain,
        stddev_samp(gain) as gain_sd
    from per_player_match
    group by grouping sets ((agent), (num_players, agent))

),

final as (

    select
        num_players,
        agent,
        games,
        game_wins / games as game_win_rate,
        wilson_lo(game_wins, games) as game_lo,
        wilson_hi(game_wins, games) as game_hi,
        matches,
        match_wins / matches as match_win_rate,
        wilson_lo(match_wins, matches) as match_lo,
        wilson_hi(match_wins, matches) as match_hi,
        gain,
        mean_lo(gain, gain_sd, matches) as gain_lo,
        mean_hi(gain, gain_sd, matches) as gain_hi,
        outside(0, mean_lo(gain, gain_sd, matches), mean_hi(gain, gain_sd, matches)) as flagged
    from grouped

)

select * from final
order by num_players, agent
