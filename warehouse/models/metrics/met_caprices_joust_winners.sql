-- grain: one row per measure and player count ('all' = pooled)
-- Does a Joust match (several games, scores totalled) crown the same player
-- as its single games? Each measure is a rate over matches (or over the
-- match's games for `same_as_a_game`) with a Wilson 95% interval; shared wins
-- count by their shares. `chance` is the rate if the match winner were any
-- player at random (1/P); flagged when the interval excludes it.
--   same_as_a_game   the winner of one game of the match is the match winner
--   first_game       the winner of the match's first game wins the match
--   last_game        the winner of its last game wins the match
--   most_games       the match goes to a player who won the most games
--   no_game          the match goes to a player who won none of its games
-- key: measure, num_players
-- game: caprices-joust
-- depends: fct_caprices_joust_deals
with rows as (

    select * from fct_caprices_joust_deals
    where in_study

),

per_match as (

    select
        run_id,
        game_id,
        num_players,
        max(n_deals) as n_deals,
        sum(match_share * deal_share) as same_k,
        sum(match_share * deal_share) filter (where deal = 0) as first_k,
        sum(match_share * deal_share) filter (where deal = n_deals - 1) as last_k,
        coalesce(sum(match_share) filter (where deal = 0 and deals_won = most_deals_won), 0) as most_k,
        coalesce(sum(match_share) filter (where deal = 0 and deals_won = 0), 0) as none_k
    from rows
    group by run_id, game_id, num_players

),

grouped as (

    select
        coalesce(cast(num_players as varchar), 'all') as num_players,
        count(*) as matches,
        sum(n_deals) as games,
        sum(same_k) as same_k,
        sum(first_k) as first_k,
        sum(last_k) as last_k,
        sum(most_k) as most_k,
        sum(none_k) as none_k,
        avg(1.0 / num_players) as chance
    from per_match
    group by grouping sets ((), (num_players))

),

long as (

    select num_players, 'same_as_a_game' as measure, games as n, same_k as k, chance from grouped
    union all select num_players, 'first_game', matches, first_k, chance from grouped
    union all select num_players, 'last_game', matches, last_k, chance from grouped
    union all select num_players, 'most_games', matches, most_k, null from grouped
    union all select num_players, 'no_game', matches, none_k, null from grouped

),

final as (

    select
        num_players,
        measure,
        n,
        k,
        k / n as rate,
        wilson_lo(k, n) as lo,
        wilson_hi(k, n) as hi,
        chance,
        outside(chance, wilson_lo(k, n), wilson_hi(k, n)) as flagged
    from long

)

select * from final
order by num_players, measure
