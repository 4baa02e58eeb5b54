-- grain: one row per Caprice in play per player per caprices game
-- A Caprice is in play once revealed: the two common ones at setup (slot 0),
-- the four face-down ones one per round (slots 1..4 = +30/+20/+15/+10).
-- key: run_id, game_id, seat, caprice_id
-- game: caprices
-- depends: stg_caprices__events, fct_player_games
-- incremental: run
with events as materialized (

    select * from stg_caprices__events
    where event_type in ('caprice_revealed', 'caprice_met')

),

player_games as (

    select run_id, game_id, source, ruleset, in_study, seat, num_players, is_mixed_lineup, agent_mix, agent, win_share, won
    from fct_player_games
    where game = 'caprices'

),

in_play as (

    select run_id, game_id, caprice_id, slot, bonus as slot_bonus
    from events
    where event_type = 'caprice_revealed'

),

met as (

    select run_id, game_id, player as seat, caprice_id, bonus as points
    from events
    where event_type = 'caprice_met'

),

final as (

    select
        player_games.run_id,
        player_games.game_id,
        player_games.source,
        player_games.ruleset,
        player_games.in_study,
        player_games.num_players,
        player_games.is_mixed_lineup,
        player_games.agent_mix,
        player_games.seat,
        player_games.agent,
        player_games.won,
        player_games.win_share,
        in_play.caprice_id,
        in_play.slot,
        case when in_play.slot = 0 then 'common' else '+' || in_play.slot_bonus end as slot_label,
        met.seat is not null as met,
        coalesce(met.points, 0) as points
    from player_games
    inner join in_play using (run_id, game_id)
    left join met
        on met.run_id = player_games.run_id
        and met.game_id = player_games.game_id
        and met.seat = player_games.seat
        and met.caprice_id = in_play.caprice_id

)

select * from final
