-- invariant: a Joust match score is the sum of its games' scores, and every player has every game
-- game: caprices-joust
-- depends: fct_caprices_joust_deals
select run_id, game_id, seat, max(match_score) as match_score, sum(deal_score) as games_total
from fct_caprices_joust_deals
group by run_id, game_id, seat
having max(match_score) <> sum(deal_score) or count(*) <> max(n_deals) or count(distinct deal) <> max(n_deals)
