-- grain: one row per source (simulated / recorded), ruleset, player count, god and final track space
-- The distribution of final god-track positions: the share of player-games
-- ending on each space (0 = knocked off for good), Wilson 95%.
-- key: source, ruleset, num_players, god, space
-- game: gardens
-- depends: stg_gardens__events, fct_gardens_player_games
with events as (

    select * from stg_gardens__events

),

player_games as (

    select run_id, game_id, seat, source, ruleset, num_players from fct_gardens_player_games
    where in_study

),

spaces as (

    select run_id, game_id, player as seat, unnest(track_gods) as god, unnest(track_spaces) as space
    from events
    where event_type = 'player_scored'

),

counted as (

    select
        player_games.source, player_games.ruleset, player_games.num_players, spaces.god, spaces.space,
        count(*) as k
    from spaces
    inner join player_games using (run_id, game_id, seat)
    group by all

),

final as (

    select
        source,
        ruleset,
        num_players,
        god,
        space,
        sum(k) over (partition by source, ruleset, num_players, god) as n,
        k,
        k / sum(k) over (partition by source, ruleset, num_players, god) as share,
        wilson_lo(k, sum(k) over (partition by source, ruleset, num_players, god)) as share_lo,
        wilson_hi(k, sum(k) over (partition by source, ruleset, num_players, god)) as share_hi
    from counted

)

select * from final
order by source, ruleset, num_players, god, space
