/* agents/features.py and agents/distilled.py: the features of every legal command (bit for bit the Python
   rows) and the distilled policy's choice from them. */
#include <math.h>
#include <string.h>
#include "rules.h"

#define CASTES 10                    /* features.CASTES: the printed castes and the Jester */
#define CARD (1 + K_KINDS)           /* features._CARD */
#define VALUE (CARD + 2 * CASTES)
#define LATE (VALUE + 2)
#define OTHERS (LATE + 3)
#define GREEDY_BY (OTHERS + 2)
#define MARGIN 1e-9
/* Two summation orders of 39 products differ by far less than MARGIN times the sum of their magnitudes, so a
   command ahead of every other by more is numpy's argmax too; a closer call is left to numpy itself. */

/* What `card` would add to the next player's estimate, on the cards known to be theirs. */
static double next_players_gain(const CkRules *r, const CkView *view, int card) {
    int known[CK_DECK + 1];
    memcpy(known, view->next_known, (size_t)view->next_known_count * sizeof(int));
    known[view->next_known_count] = card;
    int with = ck_assembly_estimate(r, known, view->next_known_count + 1, view->next_rallied,
                                    view->next_rallied_count, view->caprices, view->caprice_count);
    int without = ck_assembly_estimate(r, known, view->next_known_count, view->next_rallied,
                                       view->next_rallied_count, view->caprices, view->caprice_count);
    return (double)(with - without);
}

static int names_card(int kind) {
    return kind == K_RECRUIT || kind == K_RALLY || kind == K_TAKE || kind == K_DISCARD;
}

void ck_features(const CkRules *r, const CkView *view, const CkCommand *commands, int count, double *rows) {
    double values[256], best = -INFINITY;
    for (int i = 0; i < count; i++) {
        values[i] = ck_greedy_value(r, view, &commands[i]);
        if (values[i] > best)
            best = values[i];
    }
    memset(rows, 0, (size_t)count * CK_FEATURES * sizeof(double));
    double late = (double)(view->round - view->deal * r->rounds) / (double)r->rounds;
    for (int i = 0; i < count; i++) {
        double *row = rows + i * CK_FEATURES;
        int kind = commands[i].kind;
        row[0] = values[i] - best;
        row[1 + kind] = 1.0;
        if (commands[i].card_count == 1 && names_card(kind)) {
            int card = commands[i].cards[0], given = kind == K_DISCARD;
            row[CARD + given * CASTES + r->printed[card]] = 1.0;
            row[VALUE + given] = (double)r->value[card] / 10;
            row[OTHERS + given] = (next_players_gain(r, view, card) - r->blind) / 10;
        }
        row[LATE] = late * (double)(kind == K_DRAW_DECK);
        row[LATE + 1] = late * (double)(kind == K_RALLY);
        row[LATE + 2] = late * (double)(kind == K_DISCARD);
        row[GREEDY_BY] = row[0] * late;
        row[GREEDY_BY + 1] = row[0] * (double)(kind == K_DISCARD);
    }
}

/* The index of the best-scored row, or -1 when another comes within the margin (numpy must decide). */
int ck_distilled_choice(const double *rows, int count, const double *weights) {
    double score[256], size[256];
    int best = 0;
    for (int i = 0; i < count; i++) {
        const double *row = rows + i * CK_FEATURES;
        double s = 0.0, m = 0.0;
        for (int j = 0; j < CK_FEATURES; j++) {
            s += row[j] * weights[j];
            m += fabs(row[j] * weights[j]);
        }
        score[i] = s;
        size[i] = m;
        if (s > score[best])
            best = i;
    }
    for (int i = 0; i < count; i++)
        if (i != best && score[best] - score[i] <= MARGIN * (size[best] + size[i]))
            return -1;
    return best;
}
