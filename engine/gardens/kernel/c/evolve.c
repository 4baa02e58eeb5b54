/* evolve.py: apply one event (the rule files' handlers), then settle the decision stack; `gk_apply` is a
   command's decide then evolve of each of its events, as lookahead's `_apply`. */
#include "gardens.h"

static void turn_started(gk_state *s, const gk_event *e) { gk_pop_decision(s, F_TURN_START, e->player); }

void gk_evolve(const gk_rules *R, gk_state *s, const gk_event *e) {
    if (s->turn_pending) gk_count_turn(s);
    switch (e->kind) {
    case E_CARDS_SHUFFLED: gk_cards_shuffled(s); break;
    case E_DISPLAY_REFILLED: gk_display_refilled(s, e); break;
    case E_TURN_STARTED: turn_started(s, e); break;
    case E_ACTION_TAKEN: gk_action_taken(R, s, e); break;
    case E_RESOURCES_COLLECTED: gk_resources_collected(s, e); break;
    case E_RESOURCE_PLACED: gk_resource_placed(R, s, e); break;
    case E_RESOURCE_MOVED: gk_resource_moved(R, s, e); break;
    case E_REALLOCATION_FINISHED: gk_reallocation_finished(R, s, e); break;
    case E_GROUNDWORK_COMPLETED: gk_groundwork_completed(R, s, e); break;
    case E_TRACK_MOVED: gk_track_moved(s, e); break;
    case E_PANORAMA_COMPLETED: gk_panorama_completed(s, e); break;
    case E_BONUS_TILE_TAKEN: gk_bonus_tile_taken(R, s, e); break;
    case E_TILE_USED: gk_tile_used(R, s, e); break;
    case E_PAGODA_ARRANGED: gk_pagoda_arranged(R, s, e); break;
    case E_ACTIONS_ENDED: gk_actions_ended(s, e); break;
    case E_CARD_DRAWN: gk_card_drawn(R, s, e); break;
    case E_GAME_ENDED: gk_pop_decision(s, F_SCORE, -1); break;
    default: break;  /* player_scored: kept in the Python state for the digest only */
    }
    gk_settle(R, s);
}

void gk_apply(const gk_rules *R, gk_state *s, gk_command c, PyRandom *chance) {
    gk_events events;
    gk_decide(R, s, gk_to_move(s), c, chance, &events);
    for (int i = 0; i < events.n && !s->err; i++) gk_evolve(R, s, &events.ev[i]);
}
