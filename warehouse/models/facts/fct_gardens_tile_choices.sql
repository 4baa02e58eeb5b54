-- grain: one row per option of a distinct bonus decision, per condition group (ruleset digest, players, agents)
-- Runs measured under the same conditions are pooled; a decision measured by two runs (same game seed,
-- same log position: overlapping seeds or game counts) is kept once, from the run with the most
-- rollouts, so no decision is ever counted twice. Unlike runs are never pooled: every model over this
-- table groups by ruleset_digest, num_players and agents.
-- key: ruleset_digest, num_players, agents, game_seed, seq, tile
-- game: gardens
-- depends: stg_gardens__tile_values
with options as (

    select * from stg_gardens__tile_values

),

chosen as (

    select
        *,
        game_seed || ':' || seq as decision_key
    from options
    qualify row_number() over (
        partition by ruleset_digest, num_players, agents, game_seed, seq, tile
        order by n_rollouts desc, run_id
    ) = 1

),

final as (

    select * from chosen

)

select * from final
