/* ministers.py: which Ministers stand in the run, and which of them are Merchants earning the bonus. */
#include "rules.h"

/* castes[i] = {kind (0: minister_odd, 1: minister_even), final caste}; out = run odd, run even, merchant odd,
   merchant even (run_ministers). */
void ck_run_ministers(const CkRules *r, const int (*castes)[2], int count, int *out) {
    int run[2] = {0, 0}, merchant[2] = {0, 0};
    for (int i = 0; i < count; i++) {
        int parity = castes[i][0] == 0 ? 1 : 0, caste = castes[i][1];
        if (caste == F_MINISTER || r->keeps_run_value_when_transformed) {
            run[parity]++;
            if (caste == F_MERCHANT && r->transformed_earns_merchant_bonus)
                merchant[parity]++;
        }
    }
    out[0] = run[1];
    out[1] = run[0];
    out[2] = merchant[1];
    out[3] = merchant[0];
}
