/* agents/estimate.py: the exact score of ONE greedily built Knight/Minister choice (the agents' estimate).
   Each Minister in turn takes the caste gaining the most, then the Knight transforms the caste gaining the
   most; gains are family points plus the bonuses of the Caprices a move meets or breaks. The caste counts keep
   the Python dict's keys (a caste tried once stays, at 0), since a family table may give points to 0 cards. */
#include <stddef.h>
#include <string.h>
#include "rules.h"

#define BIT(caste) (1u << (caste))
#define ALL_CASTES 0xFFu

typedef struct {
    const CkRules *r;
    int *counts;
    unsigned *keys;            /* castes that are keys of the Python counts dict */
    const CkFacts *facts;
    int run_odd, run_even;     /* the run Ministers its facts assume */
    const CkNode *tests[CK_MAX_CAPRICES];
    unsigned used[CK_MAX_CAPRICES];
    int bonus[CK_MAX_CAPRICES], met[CK_MAX_CAPRICES], count;
    unsigned watched;
    int static_points;
} Chooser;

static int reads(unsigned used, int source, int target) {
    return (used & BIT(target)) || (source >= 0 && (used & BIT(source)));
}

static void chooser_init(Chooser *ch, const CkRules *r, int *counts, unsigned *keys, const CkInPlay *caprices,
                         int caprice_count, const CkFacts *facts, int run_odd, int run_even) {
    ch->r = r; ch->counts = counts; ch->keys = keys; ch->facts = facts;
    ch->run_odd = run_odd; ch->run_even = run_even;
    ch->count = 0; ch->watched = 0; ch->static_points = 0;
    for (int i = 0; i < caprice_count; i++) {
        const CkCaprice *caprice = &r->caprices[caprices[i].id];
        if (caprice->is_static) {
            if (ck_test(caprice->nodes, counts, facts))
                ch->static_points += caprices[i].bonus;
            continue;
        }
        int k = ch->count++;
        ch->tests[k] = caprice->nodes;
        ch->used[k] = caprice->used;
        ch->bonus[k] = caprices[i].bonus;
        ch->met[k] = ck_test(caprice->nodes, counts, facts);
        ch->watched |= caprice->used;
    }
}

static int caprice_points(const Chooser *ch) {
    int points = ch->static_points;
    for (int i = 0; i < ch->count; i++)
        if (ch->met[i])
            points += ch->bonus[i];
    return points;
}

static int bonus_change(const Chooser *ch, int source, int target) {
    int change = 0;
    for (int i = 0; i < ch->count; i++) {
        if (!reads(ch->used[i], source, target))
            continue;
        int now = ck_test(ch->tests[i], ch->counts, ch->facts);
        if (now != ch->met[i])
            change += now ? ch->bonus[i] : -ch->bonus[i];
    }
    return change;
}

/* Points gained by one card leaving `source` (-1: a Minister staying) for caste `target`. */
static int gain_of_move(Chooser *ch, int source, int target) {
    int *counts = ch->counts;
    const CkRules *r = ch->r;
    int gain = 0;
    if (source >= 0) {
        int n = counts[source];
        gain += r->family[source][n - 1] - r->family[source][n];
        counts[source] = n - 1;
    }
    int n = counts[target];
    gain += r->family[target][n + 1] - r->family[target][n];
    counts[target] = n + 1;
    *ch->keys |= BIT(target);
    if (reads(ch->watched, source, target))
        gain += bonus_change(ch, source, target);
    counts[target] = n;
    if (source >= 0)
        counts[source]++;
    return gain;
}

static void commit(Chooser *ch, int source, int target) {
    if (source >= 0)
        ch->counts[source]--;
    ch->counts[target]++;
    *ch->keys |= BIT(target);
    for (int i = 0; i < ch->count; i++)
        if (reads(ch->used[i], source, target))
            ch->met[i] = ck_test(ch->tests[i], ch->counts, ch->facts);
}

/* Each Minister's caste in turn (castes[i] = {0 odd / 1 even, caste}); returns how many. */
static int choose_ministers(Chooser *ch, const int *ministers, int (*castes)[2]) {
    const CkRules *r = ch->r;
    int merchant_helps = r->transformed_earns_merchant_bonus && r->keeps_run_value_when_transformed;
    int n = 0;
    for (int kind = 0; kind < 2; kind++) {
        for (int k = 0; k < ministers[kind]; k++) {
            int best = F_MINISTER, best_gain = -1;
            for (int j = -1; j < r->minister_caste_count[kind]; j++) {
                int caste = j < 0 ? F_MINISTER : r->minister_castes[kind][j];
                int gain = 2 * gain_of_move(ch, -1, caste);
                if ((caste == F_MERCHANT && merchant_helps)
                        || (caste == F_KNIGHT && r->transformed_enables_knight && !ch->counts[F_KNIGHT]))
                    gain += 1;  /* tie-break only: gains are doubled */
                if (gain > best_gain) {
                    best = caste;
                    best_gain = gain;
                }
            }
            commit(ch, -1, best);
            castes[n][0] = kind;
            castes[n][1] = best;
            n++;
        }
    }
    return n;
}

static int is_knight_target(int caste) {
    return caste == F_PEASANT || caste == F_ARTISAN || caste == F_BOURGEOISE || caste == F_MERCHANT;
}

/* The Knight's target: a card id, -2 for a Minister turned that caste (castes updated), -1 for none. */
static int choose_knight_target(Chooser *ch, const int *takeable, int takeable_count, int (*castes)[2],
                                int caste_count) {
    const CkRules *r = ch->r;
    int candidate[CK_FINAL], card[CK_FINAL], n = 0;
    unsigned seen = 0;
    for (int i = 0; i < takeable_count; i++) {
        int caste = r->final_of_printed[r->printed[takeable[i]]];
        if (!(seen & BIT(caste))) {
            seen |= BIT(caste);
            candidate[n] = caste;
            card[n++] = takeable[i];
        }
    }
    if (caste_count && r->knight_takes_transformed_minister)
        for (int i = 0; i < caste_count; i++) {
            int caste = castes[i][1];
            if (is_knight_target(caste) && !(seen & BIT(caste))) {
                seen |= BIT(caste);
                candidate[n] = caste;
                card[n++] = -1;
            }
        }
    int best = -1, best_card = -1, best_gain = 0;
    for (int i = 0; i < n; i++) {
        int gain = gain_of_move(ch, candidate[i], F_KNIGHT);
        if (gain > best_gain || (gain == best_gain && best == F_MERCHANT)) {
            best = candidate[i];
            best_card = card[i];
            best_gain = gain;
        }
    }
    if (best < 0)
        return -1;
    commit(ch, best, F_KNIGHT);
    if (best_card >= 0)
        return best_card;
    for (int i = 0; i < caste_count; i++)
        if (castes[i][1] == best) {
            castes[i][1] = F_KNIGHT;
            break;
        }
    return -2;
}

typedef struct {
    const int *counts;
    unsigned keys;
    const int (*castes)[2];
    int caste_count;
    const CkValues *present, *merchants;
    int top, one;
    const CkFacts *facts;      /* values and their sum; its run length is recomputed when needed */
} Choice;

static int choice_total(const CkRules *r, const Choice *c, const CkInPlay *caprices, int caprice_count,
                        const Chooser *chooser) {
    int rm[4], run, in_run;
    ck_run_ministers(r, c->castes, c->caste_count, rm);
    ck_best_run(r, c->present, c->merchants, c->top, rm[0], rm[1], rm[2], rm[3], c->one, &run, &in_run);
    int total = c->facts->value_sum + run + in_run * r->merchant_bonus;
    for (int caste = 0; caste < CK_FINAL; caste++)
        if (c->keys & BIT(caste))
            total += r->family[caste][c->counts[caste]];
    if (chooser != NULL && chooser->run_odd == rm[0] && chooser->run_even == rm[1])
        return total + caprice_points(chooser);
    if (caprice_count) {
        CkFacts facts = *c->facts;
        facts.run_length = ck_run_length(r, c->present, c->top, rm[0], rm[1], c->one);
        for (int i = 0; i < caprice_count; i++)
            if (ck_test(r->caprices[caprices[i].id].nodes, c->counts, &facts))
                total += caprices[i].bonus;
    }
    return total;
}

int ck_estimate_total(const CkRules *r, const int *hand, int hand_count, const int *rallied, int rallied_count,
                      const CkInPlay *caprices, int caprice_count) {
    int counts[CK_FINAL] = {0}, ministers[2] = {0, 0};
    int merchants[CK_VALUES], held_count[CK_VALUES], earning[CK_VALUES];
    int values[CK_MAX_CARDS], count = 0, value_sum = 0;
    unsigned keys = 0;
    CkValues present = {{0}}, frozen = {{0}}, merchant_values = {{0}};
    memset(merchants, 0, (size_t)(r->top_value + 1) * sizeof(int));
    memset(held_count, 0, (size_t)(r->top_value + 1) * sizeof(int));
    for (int i = 0; i < hand_count + rallied_count; i++) {
        int id = i < hand_count ? hand[i] : rallied[i - hand_count];
        int printed = r->printed[id], v = r->value[id];
        values[count++] = v;
        value_sum += v;
        if (printed == P_MINISTER_ODD || printed == P_MINISTER_EVEN) {
            ministers[printed == P_MINISTER_EVEN]++;
            continue;
        }
        int caste = r->final_of_printed[printed];
        counts[caste]++;
        keys |= BIT(caste);
        present.has[v] = 1;
        held_count[v]++;
        if (printed == P_MERCHANT)
            merchants[v]++;
    }
    int shift, top;
    ck_run_frame(r, &present, ministers[0] + ministers[1], &shift, &top);
    ck_bonus_merchants(r, merchants, held_count, earning);
    for (int v = 0; v <= r->top_value; v++) {
        frozen.has[v + shift] = present.has[v];
        merchant_values.has[v + shift] = (unsigned char)earning[v];
    }
    CkFacts facts = {values, count, value_sum, 0};
    int castes[CK_MAX_CARDS][2], caste_count = 0;
    Chooser chooser;
    int chosen = counts[F_KNIGHT] > 0 || ministers[0] || ministers[1];
    if (chosen) {
        int printed_knight = counts[F_KNIGHT] > 0;
        facts.run_length = ck_run_length(r, &frozen, top, ministers[0], ministers[1], 1 + shift);
        chooser_init(&chooser, r, counts, &keys, caprices, caprice_count, &facts, ministers[0], ministers[1]);
        caste_count = choose_ministers(&chooser, ministers, castes);
        if (printed_knight || (r->transformed_enables_knight && counts[F_KNIGHT])) {
            int takeable[CK_MAX_CARDS];
            int n = ck_knight_takeable(r, hand, hand_count, rallied, rallied_count, takeable);
            int target = choose_knight_target(&chooser, takeable, n, castes, caste_count);
            if (target >= 0 && r->printed[target] == P_MERCHANT && merchants[r->value[target]] == 1)
                merchant_values.has[r->value[target] + shift] = 0;
        }
    }
    Choice choice = {counts, keys, (const int (*)[2])castes, caste_count, &frozen, &merchant_values, top, 1 + shift,
                     &facts};
    return choice_total(r, &choice, caprices, caprice_count, chosen ? &chooser : NULL);
}
