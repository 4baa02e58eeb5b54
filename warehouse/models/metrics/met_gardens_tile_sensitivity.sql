-- grain: one row per pair of tiles, ruleset digest, player count and second agent line-up
-- Sensitivity of "choosing X instead of Y" to the kind of play: the primary estimate (all-greedy
-- line-up) beside the same contrast measured with another line-up (random today; ismcts when the
-- search agents land), oriented like the primary. `same_direction` = the other estimate has the same
-- sign (NULL when either is zero up to rounding: no direction); `overlap` = the two 95% intervals overlap.
-- key: ruleset_digest, num_players, tile, instead_of, other_agents
-- game: gardens
-- depends: met_gardens_tile_contrasts
with contrasts as (

    select * from met_gardens_tile_contrasts

),

both_ways as (

    select ruleset_digest, num_players, agents, tile, instead_of, score_diff, score_lo, score_hi, decisions, games
    from contrasts
    union all
    select ruleset_digest, num_players, agents, instead_of, tile, -score_diff, -score_hi, -score_lo, decisions, games
    from contrasts

),

primary_line_up as (

    select *
    from contrasts
    where list_distinct(string_split(agents, ',')) = ['greedy']

),

final as (

    select
        p.ruleset,
        p.ruleset_digest,
        p.num_players,
        p.tile,
        p.instead_of,
        p.agents as primary_agents,
        p.score_diff as primary_score_diff,
        p.score_lo as primary_score_lo,
        p.score_hi as primary_score_hi,
        p.decisions as primary_decisions,
        o.agents as other_agents,
        o.score_diff as other_score_diff,
        o.score_lo as other_score_lo,
        o.score_hi as other_score_hi,
        o.decisions as other_decisions,
        o.games as other_games,
        o.score_diff - p.score_diff as change,
        -- a difference within rounding of zero (|d| < 1e-9 points) has no direction: NULL, not "same"
        case when abs(o.score_diff) < 1e-9 or abs(p.score_diff) < 1e-9 then null
             else sign(o.score_diff) = sign(p.score_diff) end as same_direction,
        o.score_lo <= p.score_hi and p.score_lo <= o.score_hi as overlap
    from primary_line_up as p
    inner join both_ways as o
        on o.ruleset_digest = p.ruleset_digest
        and o.num_players = p.num_players
        and o.tile = p.tile
        and o.instead_of = p.instead_of
        and o.agents <> p.agents

)

select * from final
order by ruleset, num_players, tile, instead_of, other_agents
