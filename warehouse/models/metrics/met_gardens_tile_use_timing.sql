-- grain: one row per source (simulated / recorded), ruleset and Caprice tile that was used
-- When Caprice tiles are used (Foresight, Sabotage, Blessing, ...): the round
-- of each use, how many rounds after the tile was taken, and the position in
-- the game (round / final round), each a mean with a normal 95% interval; the
-- share of uses in the game's last round (Wilson 95%); uses per player who
-- took the tile. A Sabotage's expiry ('removed') is not a use.
-- key: source, ruleset, tile
-- game: gardens
-- depends: stg_gardens__events, fct_gardens_player_games
with events as (

    select * from stg_gardens__events

),

games as (

    select distinct run_id, game_id, source, ruleset, num_players, rounds
    from fct_gardens_player_games
    where in_study

),

taken as (

    select run_id, game_id, player, tile, min(round) as taken_round
    from events
    where event_type = 'bonus_tile_taken'
    group by run_id, game_id, player, tile

),

uses as (

    select
        games.source,
        games.ruleset,
        events.tile,
        events.round,
        events.round - taken.taken_round as rounds_after_taking,
        events.round / games.rounds as game_fraction,
        events.round = games.rounds as in_last_round
    from events
    inner join games using (run_id, game_id)
    left join taken using (run_id, game_id, player, tile)
    where events.event_type = 'tile_used' and events.tile_option <> 'removed'

),

takers as (

    select games.source, games.ruleset, taken.tile, count(*) as takers
    from taken
    inner join games using (run_id, game_id)
    group by games.source, games.ruleset, taken.tile

),

grouped as (

    select
        source,
        ruleset,
        tile,
        count(*) as n,
        avg(round) as round_mean,
        stddev_samp(round) as round_sd,
        avg(rounds_after_taking) as after_mean,
        stddev_samp(rounds_after_taking) as after_sd,
        avg(game_fraction) as fraction_mean,
        stddev_samp(game_fraction) as fraction_sd,
        count(*) filter (where in_last_round) as last_round_uses
    from uses
    group by source, ruleset, tile

),

final as (

    select
        grouped.source,
        grouped.ruleset,
        grouped.tile,
        grouped.n,
        takers.takers,
        grouped.n / nullif(takers.takers, 0) as uses_per_taker,
        round_mean,
        mean_lo(round_mean, round_sd, n) as round_lo,
        mean_hi(round_mean, round_sd, n) as round_hi,
        after_mean,
        mean_lo(after_mean, after_sd, n) as after_lo,
        mean_hi(after_mean, after_sd, n) as after_hi,
        fraction_mean,
        mean_lo(fraction_mean, fraction_sd, n) as fraction_lo,
        mean_hi(fraction_mean, fraction_sd, n) as fraction_hi,
        last_round_uses / n as last_round_share,
        wilson_lo(last_round_uses, n) as last_round_lo,
        wilson_hi(last_round_uses, n) as last_round_hi
    from grouped
    left join takers using (source, ruleset, tile)

)

select * from final
order by source, ruleset, tile
