-- invariant: each 4 Gods player's god bonuses equal those its landscape earned
-- game: gods
-- depends: fct_gods_player_games, fct_gods_landscapes
with held as (

    select run_id, game_id, holder_seat as seat, sum(mass_bonus) as mass_bonus, sum(groups_bonus) as groups_bonus
    from fct_gods_landscapes
    where holder_seat is not null
    group by run_id, game_id, holder_seat

)

select p.run_id, p.game_id, p.seat, p.mass_bonus, held.mass_bonus as landscape_mass_bonus
from fct_gods_player_games as p
left join held using (run_id, game_id, seat)
where p.mass_bonus <> coalesce(held.mass_bonus, 0) or p.groups_bonus <> coalesce(held.groups_bonus, 0)
