-- invariant: a player has a win share exactly when ranked 1
-- depends: fct_player_games
select game, run_id, game_id, seat, rank, win_share
from fct_player_games
where (win_share > 0) <> (rank = 1)
