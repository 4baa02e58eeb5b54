-- No option of a bonus decision is counted twice within a condition group (overlapping runs are deduplicated).
-- game: gardens
-- depends: fct_gardens_tile_choices
select ruleset_digest, num_players, agents, game_seed, seq, tile, count(*) as n
from fct_gardens_tile_choices
group by all
having count(*) > 1
