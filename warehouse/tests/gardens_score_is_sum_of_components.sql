-- invariant: a gardens score is its track points + Extra Rewards + favor (rows returned = violations)
-- game: gardens
-- depends: fct_gardens_player_games
select run_id, game_id, seat, score, track_points, extra_rewards, favor
from fct_gardens_player_games
where score != track_points + extra_rewards + favor
