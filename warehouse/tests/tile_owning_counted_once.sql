-- No prefer/avoid pair of games is counted twice within a condition group (overlapping runs are deduplicated).
-- game: gardens
-- depends: fct_gardens_tile_owning
select ruleset_digest, num_players, agents, game_seed, seat, tile, count(*) as n
from fct_gardens_tile_owning
group by all
having count(*) > 1
