-- invariant: caprice_points equals the bonuses of the face-down Caprices met
-- game: caprices
-- depends: fct_caprices_player_games, fct_caprices_caprices
with met as (
    select run_id, game_id, seat, sum(points) filter (where slot > 0) as points
    from fct_caprices_caprices
    group by run_id, game_id, seat
)
select p.run_id, p.game_id, p.seat, p.caprice_points, met.points
from fct_caprices_player_games as p
left join met using (run_id, game_id, seat)
where p.caprice_points <> coalesce(met.points, 0)
