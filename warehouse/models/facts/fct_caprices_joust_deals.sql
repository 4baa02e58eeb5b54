-- grain: one row per player per game (deal) of a caprices Joust match
-- Each game's result (deal_scored) beside the match's (player_scored): the
-- match totals the games' scores, so a match can crown someone who won
-- fewer games than another player.
-- key: run_id, game_id, deal, seat
-- game: caprices-joust
-- depends: stg_caprices_joust__events, fct_player_games
-- incremental: run
with events as materialized (

    select * from stg_caprices_joust__events

),

deals as (

    select run_id, game_id, deal, player as seat, score as deal_score, rank as deal_rank,
        win_share as deal_share
    from events
    where event_type = 'deal_scored'

),

matches as (

    select run_id, game_id, seat, num_players, is_mixed_lineup, in_study, agent, score as match_score, rank as match_rank,
        win_share as match_share
    from fct_player_games
    where game = 'caprices-joust'

),

won as (

    -- games each player won in the match (a shared game win counts its share)
    select run_id, game_id, seat, sum(deal_share) as deals_won, count(*) as n_deals
    from deals
    group by run_id, game_id, seat

),

final as (

    select
        matches.run_id,
        matches.game_id,
        deals.deal,
        matches.seat,
        matches.num_players,
        matches.is_mixed_lineup,
        matches.in_study,
        matches.agent,
        deals.deal_score,
        deals.deal_rank,
        deals.deal_share,
        won.deals_won,
        max(won.deals_won) over (partition by matches.run_id, matches.game_id, deals.deal) as most_deals_won,
        won.n_deals,
        matches.match_score,
        matches.match_rank,
        matches.match_share
    from matches
    inner join deals using (run_id, game_id, seat)
    inner join won using (run_id, game_id, seat)

)

select * from final
