/* knight.py: the printed cards the Knight may transform, in order: the hand's, then (knight.takes_rallied)
   the rallied ones. */
#include "rules.h"

static int knight_target(int printed) {
    return printed == P_PEASANT || printed == P_ARTISAN || printed == P_BOURGEOISE || printed == P_MERCHANT;
}

int ck_knight_takeable(const CkRules *r, const int *hand, int hand_count, const int *rallied, int rallied_count,
                       int *out) {
    int n = 0;
    for (int i = 0; i < hand_count; i++)
        if (knight_target(r->printed[hand[i]]))
            out[n++] = hand[i];
    if (r->knight_takes_rallied)
        for (int i = 0; i < rallied_count; i++)
            if (knight_target(r->printed[rallied[i]]))
                out[n++] = rallied[i];
    return n;
}
