-- invariant: the win shares of a game sum to 1 (rows returned = violating games)
-- depends: fct_player_games
select game, run_id, game_id, sum(win_share) as total_share
from fct_player_games
group by game, run_id, game_id
having abs(sum(win_share) - 1) > 1e-9
