-- invariant: each 4 Gods score equals the sum of its components
-- game: gods
-- depends: fct_gods_player_games
select run_id, game_id, seat, score,
    city_points + region_points + mass_bonus + groups_bonus as components
from fct_gods_player_games
where score <> city_points + region_points + mass_bonus + groups_bonus
