-- invariant: every game has exactly one player_scored per player, ended and sealed
-- depends: fct_games, stg_events
with per_seat as (
    select game, run_id, game_id, player, count(*) as n
    from stg_events
    where event_type = 'player_scored'
    group by game, run_id, game_id, player
)
select game, run_id, game_id, 'player_scored rows <> num_players or game not sealed' as problem
from fct_games
where n_scored <> num_players or not is_sealed
union all
select game, run_id, game_id, 'seat ' || player || ' scored ' || n || ' times'
from per_seat
where n <> 1
