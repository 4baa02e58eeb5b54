-- grain: one row per distinct (deal, seat, tile) pair of prefer/avoid games, per condition group
-- A pair measured by two runs of the same conditions (overlapping seeds or pair counts) is kept once.
-- key: ruleset_digest, num_players, agents, game_seed, seat, tile
-- game: gardens
-- depends: stg_gardens__tile_owning
with pairs as (

    select * from stg_gardens__tile_owning

),

final as (

    select *
    from pairs
    qualify row_number() over (
        partition by ruleset_digest, num_players, agents, game_seed, seat, tile
        order by run_id
    ) = 1

)

select * from final
