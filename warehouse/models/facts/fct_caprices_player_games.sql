-- grain: one row per player per caprices game
-- key: run_id, game_id, seat
-- game: caprices
-- depends: stg_caprices__events, fct_player_games
-- incremental: run
with events as materialized (

    -- one scan of the lake for the event types this model reads
    select * from stg_caprices__events
    where event_type in ('player_scored', 'turn_taken', 'card_recruited', 'caprice_met', 'round_started',
        'king_aid_dealt')

),

player_games as (

    select run_id, game_id, source, ruleset, in_study, seat, num_players, is_mixed_lineup, agent, score, rank, win_share, won
    from fct_player_games
    where game = 'caprices'

),

scored as (

    select
        run_id, game_id, player as seat,
        card_points, order_points, merchant_points, unity_points, caprice_points,
        total_value, knight_target, ministers_transformed, run_length, largest_family
    from events
    where event_type = 'player_scored'

),

starts as (

    -- who held the Royal Favour in round 1 (seat 0, or the King aid dealt at random: players.first)
    select
        run_id, game_id,
        min_by(player, seq) filter (where event_type = 'round_started') as first_player,
        count(*) filter (where event_type = 'king_aid_dealt') > 0 as king_aid_at_random
    from events
    where event_type in ('round_started', 'king_aid_dealt')
    group by run_id, game_id

),

activity as (

    select
        run_id, game_id, player as seat,
        count(*) filter (where event_type = 'turn_taken') as turns,
        count(*) filter (where action = 'recruit') as recruit_turns,
        count(*) filter (where action = 'rally') as rally_turns,
        count(*) filter (where action = 'bourgeoise') as bourgeoise_turns,
        count(*) filter (where action = 'noble') as noble_turns,
        count(*) filter (where event_type = 'card_recruited' and card_source = 'deck') as cards_from_deck,
        count(*) filter (where event_type = 'card_recruited' and card_source = 'zone') as cards_from_zone,
        count(*) filter (where event_type = 'caprice_met' and slot > 0) as caprices_met
    from events
    where event_type not in ('player_scored', 'round_started', 'king_aid_dealt')
    group by run_id, game_id, player

),

final as (

    select
        player_games.*,
        starts.first_player,
        starts.king_aid_at_random,
        (player_games.seat - starts.first_player + player_games.num_players) % player_games.num_players
            as turn_position,
        scored.card_points,
        scored.order_points,
        scored.merchant_points,
        scored.unity_points,
        scored.caprice_points,
        scored.total_value,
        scored.knight_target,
        scored.knight_target is not null as knight_transformed,
        scored.ministers_transformed,
        scored.run_length,
        scored.largest_family,
        coalesce(activity.turns, 0) as turns,
        coalesce(activity.recruit_turns, 0) as recruit_turns,
        coalesce(activity.rally_turns, 0) as rally_turns,
        coalesce(activity.bourgeoise_turns, 0) as bourgeoise_turns,
        coalesce(activity.noble_turns, 0) as noble_turns,
        coalesce(activity.cards_from_deck, 0) as cards_from_deck,
        coalesce(activity.cards_from_zone, 0) as cards_from_zone,
        coalesce(activity.caprices_met, 0) as caprices_met
    from player_games
    inner join scored using (run_id, game_id, seat)
    inner join starts using (run_id, game_id)
    left join activity using (run_id, game_id, seat)

)

select * from final
