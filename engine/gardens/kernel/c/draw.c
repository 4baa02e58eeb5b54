/* draw.py: the deck, the open display, and drawing back up to the hand size at the end of a turn. */
#include <stdlib.h>
#include "gardens.h"

static int chance_draw(PyRandom *chance, const int16_t *items, int n, int count, int16_t *out) {
    /* Chance.draw: one item as pool[int(random() * len)], several as sample(pool, count) */
    if (count == 1) {
        out[0] = items[(int)(pyr_random(chance) * n)];
        return 1;
    }
    int pool[GK_MAX_CARDS], chosen[GK_MAX_CARDS];
    for (int i = 0; i < n; i++) pool[i] = items[i];
    pyr_sample_int(chance, pool, n, count, chosen);
    for (int i = 0; i < count; i++) out[i] = (int16_t)chosen[i];
    return count;
}

static int by_value(const void *a, const void *b) { return *(const int16_t *)a - *(const int16_t *)b; }

static int sorted_discard(const gk_state *s, int16_t *pool) {
    for (int i = 0; i < s->n_discard; i++) pool[i] = s->discard[i];
    qsort(pool, (size_t)s->n_discard, sizeof(int16_t), by_value);
    return s->n_discard;
}

static int top_card(gk_state *s, PyRandom *chance, gk_events *out) {
    /* The top card of the deck (drawn now), reshuffling the discard pile first if the deck is empty. */
    int16_t card, pool[GK_MAX_CARDS];
    if (s->n_deck) {
        chance_draw(chance, s->deck, s->n_deck, 1, &card);
        return card;
    }
    int n = sorted_discard(s, pool);
    gk_add_event(s, out, gk_event_of(E_CARDS_SHUFFLED, -1));
    chance_draw(chance, pool, n, 1, &card);
    return card;
}

void gk_display_events(gk_state *s, PyRandom *chance, int count, gk_events *out) {
    /* Lay up to `count` deck cards face up, reshuffling the discard pile when the deck runs out. */
    gk_event e = gk_event_of(E_DISPLAY_REFILLED, -1);
    if (count > GK_MAX_EVENT_CARDS) { s->err = GK_OVERFLOW; return; }
    if (s->n_deck >= count) {
        e.n = chance_draw(chance, s->deck, s->n_deck, count, e.cards);
        gk_add_event(s, out, e);
        return;
    }
    if (s->n_deck) {
        e.n = chance_draw(chance, s->deck, s->n_deck, s->n_deck, e.cards);
        gk_add_event(s, out, e);
    }
    int16_t pool[GK_MAX_CARDS];
    int n = sorted_discard(s, pool);
    int rest = count - s->n_deck < n ? count - s->n_deck : n;
    if (!rest) return;
    gk_add_event(s, out, gk_event_of(E_CARDS_SHUFFLED, -1));
    e.n = chance_draw(chance, pool, n, rest, e.cards);
    gk_add_event(s, out, e);
}

void gk_draw_legal(gk_state *s, int player, gk_legal *out) {
    /* A display card, or (in a normal draw, not under Foresight) the top of the deck. */
    (void)player;
    for (int i = 0; i < s->n_display; i++) gk_add_command(s, out, C_DRAW, s->display[i], 0, 0);
    if (gk_top(s)->arg == -1 && (s->n_deck || s->n_discard)) gk_add_command(s, out, C_DRAW, -1, 0, 0);
}

void gk_draw_decide(gk_state *s, int player, gk_command c, PyRandom *chance, gk_events *out) {
    gk_event e = gk_event_of(E_CARD_DRAWN, player);
    e.a = c.a; e.c = -1;  /* card, b: from the deck (1) or the display (0), c: revealed */
    if (c.a < 0) {
        e.a = top_card(s, chance, out);
        e.b = 1;
    } else if (gk_top(s)->arg < 0) {  /* normal draw or top-up: the display is refilled at once */
        e.c = s->n_deck || s->n_discard ? top_card(s, chance, out) : -1;
    }
    gk_add_event(s, out, e);
}

int gk_draw_done(const gk_rules *R, const gk_state *s, int player, int remaining) {
    /* Whether the draw is over: the hand is full, Foresight's cards are taken, or nothing is left to draw. */
    if (remaining >= 0) return remaining == 0 || !s->n_display;
    int full = s->players[player].n_hand >= R->hand_size;
    if (remaining == -2) return full || !s->n_display;
    return full || !(s->n_display || s->n_deck || s->n_discard);
}

static int after_foresight(const gk_rules *R, const gk_state *s, int player) {
    /* What the draw does once Foresight's cards are taken: stop (0) or Blessing's top-up to the hand size. */
    if (R->foresight_blessing_draw == FBD_NONE || s->players[player].tiles[T_BLESSING] != TS_ACTIVE) return 0;
    return R->foresight_blessing_draw == FBD_DISPLAY ? -2 : -1;
}

void gk_cards_shuffled(gk_state *s) {  /* the discard pile becomes the deck (setup is never replayed here) */
    s->n_deck = sorted_discard(s, s->deck);
    s->n_discard = 0;
}

void gk_display_refilled(gk_state *s, const gk_event *e) {
    for (int i = 0; i < e->n; i++) {
        gk_remove_value(s->deck, &s->n_deck, e->cards[i]);
        gk_push_card(s, s->display, &s->n_display, GK_MAX_DISPLAY, e->cards[i]);
    }
}

void gk_card_drawn(const gk_rules *R, gk_state *s, const gk_event *e) {
    gk_player *p = &s->players[e->player];
    if (e->b) gk_remove_value(s->deck, &s->n_deck, e->a);
    else gk_remove_value(s->display, &s->n_display, e->a);
    gk_push_card(s, p->hand, &p->n_hand, GK_MAX_HAND, e->a);
    if (e->c >= 0) {  /* the display refilled in its place */
        gk_remove_value(s->deck, &s->n_deck, e->c);
        gk_push_card(s, s->display, &s->n_display, GK_MAX_DISPLAY, e->c);
    }
    gk_frame *top = gk_top(s);
    if (top->kind == F_DRAW && top->arg > 0) {
        int left = top->arg - 1;
        top->arg = (int16_t)(left ? left : after_foresight(R, s, e->player));
    }
}
