/* assembly.py: the Merchants that may earn the run bonus: all of them, or (order.merchant_on_shared_value
   false) only those no other non-Minister card also holds. Arrays are indexed by printed value (0..top_value). */
#include "rules.h"

void ck_bonus_merchants(const CkRules *r, const int *merchants, const int *held_count, int *earning) {
    for (int v = 0; v <= r->top_value; v++)
        earning[v] = r->merchant_on_shared_value ? merchants[v] > 0 : merchants[v] == 1 && held_count[v] == 1;
}
