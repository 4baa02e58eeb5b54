/* agents/greedy.py: greedy's one-ply value of a command, and its choice (ties drawn from its stream).
   Every float expression keeps the Python order of operations, so values agree bit for bit. */
#include <math.h>
#include "gardens.h"

#define NEED 3.0
#define SPARE 0.5
#define COMPLETE 8.0

static void missing_of(const gk_rules *R, const gk_player *me, int *missing) {
    /* Resources the player's groundworks still need, per type. */
    for (int r = 0; r < GK_RES; r++) missing[r] = 0;
    for (int gw = 0; gw < me->n_gw; gw++)
        for (int r = 0; r < GK_RES; r++) {
            int want = R->cards[me->gw_card[gw]].cost[r] - me->gw_placed[gw][r];
            missing[r] += want > 0 ? want : 0;
        }
}

static double useful(const gk_rules *R, const gk_player *me, const int *taken, int n) {
    int missing[GK_RES];
    double value = 0.0;
    missing_of(R, me, missing);
    for (int i = 0; i < n; i++) {
        if (missing[taken[i]] > 0) { missing[taken[i]] -= 1; value += NEED; }
        else value += SPARE;
    }
    return value;
}

static double panorama_bonus(const gk_rules *R, const gk_player *me, int card) {
    /* Cards continuing a panorama already begun are worth more (chained rewards). */
    const gk_card *c = &R->cards[card];
    int same = 0;
    for (int i = 0; i < me->n_pan; i++)
        if (me->pan_id[i] == c->panorama) same += me->pan_n[i];
    for (int gw = 0; gw < me->n_gw; gw++) same += R->cards[me->gw_card[gw]].panorama == c->panorama;
    return 1.0 + same + (c->god < 0 ? 0.5 : 0.0);
}

static double preview(const gk_rules *R, const gk_state *s, int me, int up, const int *rotation, double lost_weight) {
    /* What this player would collect from the pagoda turned to `rotation`: its usefulness less lost icons */
    const gk_player *p = &s->players[me];
    int taken[64], lost;
    int n = gk_take_side(R, R->side_of[me], s->levels, rotation, s->supply, p->capacity - gk_storage_total(p), up,
                         taken, &lost);
    double value = useful(R, p, taken, n);
    return lost_weight != 0.0 ? value - lost_weight * lost : value;
}

static double rotate_value(const gk_rules *R, const gk_state *s, int me, gk_command c) {
    const gk_card *card = &R->cards[c.a];
    int rotation[4];
    for (int level = 0; level < 4; level++)
        rotation[level] = level >= card->floor ? gk_mod4(s->rotation[level] + c.b) : s->rotation[level];
    return preview(R, s, me, card->collect_up, rotation, 0.2);
}

static double place_value(const gk_rules *R, const gk_player *me, gk_command c) {
    int resource = c.a, target = c.b, missing[GK_RES];
    if (target == GK_SUPPLY) return 0.0;
    if (target == GK_STORAGE) {
        missing_of(R, me, missing);
        return missing[resource] > gk_storage_total(me) ? NEED * 0.6 : SPARE;
    }
    int gw = gk_gw_index(me, target);
    const int *cost = R->cards[target].cost;
    if (me->gw_placed[gw][resource] >= cost[resource]) return 0.0;
    int left = R->cards[target].cost_total;
    for (int r = 0; r < GK_RES; r++) left -= me->gw_placed[gw][r] < cost[r] ? me->gw_placed[gw][r] : cost[r];
    return left == 1 ? COMPLETE : NEED + 1.0 / left;
}

static int left_on(const gk_rules *R, const gk_player *me, int card) {
    /* sum(cost) - sum(placed) of a groundwork */
    int gw = gk_gw_index(me, card), left = R->cards[card].cost_total;
    for (int r = 0; r < GK_RES; r++) left -= me->gw_placed[gw][r];
    return left;
}

static double move_value(const gk_rules *R, const gk_player *me, gk_command c) {
    int src = c.a, dst = c.b, resource = c.c, missing[GK_RES];
    if (dst == GK_SUPPLY) {
        missing_of(R, me, missing);
        return missing[resource] == 0 ? 0.2 : -2.0;
    }
    int left = left_on(R, me, dst);
    double gain = left == 1 ? COMPLETE : NEED;
    if (src == GK_STORAGE) return gain;
    /* taking from a finished groundwork undoes a completion; otherwise only worth it to finish one */
    return left_on(R, me, src) == 0 ? -COMPLETE : gain - COMPLETE + 0.5 * (left == 1);
}

static double advance_value(const gk_rules *R, const gk_state *s, int me, int god) {
    int space = s->players[me].track[god];
    if (space == 0) return -5.0;
    if (space >= R->track_length) {
        double pushed = 0.0;
        for (int i = 0; i < s->num_players; i++)
            if (i != me && s->players[i].track[god] > 0) pushed += 1.0;
        return pushed;
    }
    return (double)(R->points[space] - R->points[space - 1]) + 0.01 * space;
}

static double bonus_value(const gk_rules *R, const gk_state *s, int tile) {
    static const double taste[GK_CAPRICE_TILES] = {2.0, 1.0, 2.0, 2.0, 2.5, 3.0, 3.0, 1.5, 2.5, 2.0};
    if (R->caprice) return taste[tile];
    int value = s->base_vals[tile - T_PLANNING][0];
    if (tile == T_PLANNING) return 2.0;
    return tile == T_TAKE_WILDS ? 2.0 * value : (double)value;
}

double gk_greedy_value(const gk_rules *R, const gk_state *s, int me, gk_command c) {
    /* Higher is better; only commands of the same decision are compared. */
    const gk_player *p = &s->players[me];
    int missing[GK_RES], movable = 0;
    switch (c.kind) {
    case C_LAY: return 4.0 + panorama_bonus(R, p, c.a) - 0.3 * R->cards[c.a].cost_total;
    case C_ROTATE: return rotate_value(R, s, me, c);
    case C_WILD: return p->n_gw ? 2.5 : 0.5;
    case C_REALLOCATE:
        missing_of(R, p, missing);
        for (int r = 0; r < GK_RES; r++) movable += p->storage[r] < missing[r] ? p->storage[r] : missing[r];
        return 1.5 * movable - 1.0;
    case C_PLACE: return place_value(R, p, c);
    case C_MOVE: return move_value(R, p, c);
    case C_ADVANCE: return advance_value(R, s, me, c.a);
    case C_BONUS: return bonus_value(R, s, c.a);
    case C_DRAW: return c.a < 0 ? 1.0 : panorama_bonus(R, p, c.a);
    case C_END: return s->actions_left > 0 ? -1.0 : 0.0;
    case C_COLLECT: return preview(R, s, me, c.a, s->rotation, 0.0);
    case C_ARRANGE:
        missing_of(R, p, missing);
        return c.b * (missing[c.a] > 0 ? 1.0 : 0.2);
    case C_OFFERING: return c.a < 0 ? 0.0 : (double)(p->track[c.b] - p->track[c.a]);
    case C_GIFT: return c.a == OPT_STORAGE ? 2.5 : 2.0;
    case C_RECOVERY: return c.a >= 0 ? 3.0 : 2.0;
    case C_BLESSING: return s->actions_left == 0 ? 1.0 : -1.0;
    case C_SABOTAGE: case C_HELPING_HAND: return 0.5;
    case C_FORESIGHT: return 1.0;
    default: return 0.0;  /* done, start, complete, panorama, discard, score */
    }
}

int gk_greedy_choose(const gk_rules *R, const gk_state *s, int me, const gk_legal *legal, PyRandom *rng) {
    /* GreedyAgent.choose: the best value; ties drawn with rng.randrange over the tied, in legal order. */
    if (legal->n == 1) return 0;
    int best[GK_MAX_LEGAL], n_best = 0;
    double best_value = -INFINITY;
    for (int i = 0; i < legal->n; i++) {
        double value = gk_greedy_value(R, s, me, legal->cmd[i]);
        if (value > best_value) { best_value = value; best[0] = i; n_best = 1; }
        else if (value == best_value) best[n_best++] = i;
    }
    return n_best > 1 ? best[pyr_randbelow(rng, (uint64_t)n_best)] : best[0];
}
