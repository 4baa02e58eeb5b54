-- invariant: each caprices score equals the sum of its components
-- game: caprices
-- depends: fct_caprices_player_games
select run_id, game_id, seat, score,
    card_points + order_points + merchant_points + unity_points + caprice_points as components
from fct_caprices_player_games
where score <> card_points + order_points + merchant_points + unity_points + caprice_points
