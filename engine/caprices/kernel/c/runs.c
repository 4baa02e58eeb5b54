/* runs.py: 'De l'ordre !' runs: the run frame, the longest reachable run (for Caprice conditions) and the run
   paying the most with its Merchants (best_run, _parity_run, _reaches), each Minister on a value of its parity.
   Windows are visited in the Python order (by start, then length) so ties resolve alike. */
#include <string.h>
#include "rules.h"

void ck_run_frame(const CkRules *r, const CkValues *present, int ministers, int *shift, int *top) {
    int high = -1;
    for (int v = r->top_value; v >= 0; v--)  /* printed values: at most the deck's top */
        if (present->has[v]) { high = v; break; }
    if (r->run_values == RUN_PRINTED) {
        int t = r->top_value > high ? r->top_value : high;
        *shift = 0;
        *top = t > 0 ? t : 0;
        return;
    }
    *shift = r->run_values == RUN_INTEGER ? ministers + ministers % 2 : 0;
    int t = high + *shift + ministers;
    *top = t > 0 ? t : 0;
}

static int longest_run(const CkValues *present, int top, int odd, int even) {
    int best = 0, start = 0, missing[2] = {0, 0};
    for (int end = 0; end <= top; end++) {
        if (!present->has[end]) {
            missing[end % 2]++;
            while (missing[1] > odd || missing[0] > even) {
                if (!present->has[start])
                    missing[start % 2]--;
                start++;
            }
        }
        if (end - start + 1 > best)
            best = end - start + 1;
    }
    return best;
}

int ck_run_length(const CkRules *r, const CkValues *present, int top, int odd, int even, int one) {
    int best = longest_run(present, top, odd, even);
    if (r->printed_one_in_run && even && !present->has[one]) {
        CkValues with_one = *present;
        with_one.has[one] = 1;
        int other = longest_run(&with_one, top, odd, even - 1);
        if (other > best)
            best = other;
    }
    return best;
}

/* For each start, the last value a reachable window from it can end on (start - 1 if none). */
static void reaches(const CkValues *present, int size, int odd, int even, int *out) {
    int reach = -1, missing[2] = {0, 0};
    for (int start = 0; start < size; start++) {
        if (reach < start - 1) {
            reach = start - 1;
            missing[0] = missing[1] = 0;
        }
        while (reach + 1 < size) {
            int value = reach + 1;
            if (!present->has[value]) {
                int parity = value % 2;
                if (missing[parity] + 1 > (parity ? odd : even))
                    break;
                missing[parity]++;
            }
            reach = value;
        }
        out[start] = reach;
        if (reach >= start && !present->has[start])
            missing[start % 2]--;
    }
}

typedef struct { int run, in_run, length, found; } Run;

static Run parity_run(const CkRules *r, const CkValues *present, const CkValues *merchants, int top, int odd,
                      int even, int merchant_odd, int merchant_even) {
    int size = top + 1;
    int held[CK_VALUES + 2], held_merchants[CK_VALUES + 2], plain_odd[CK_VALUES + 2];
    int missing_odd[CK_VALUES + 2], missing_even[CK_VALUES + 2], reach[CK_VALUES + 1];
    int h = 0, m = 0, p = 0, mo = 0, me = 0;
    held[0] = held_merchants[0] = plain_odd[0] = missing_odd[0] = missing_even[0] = 0;
    for (int v = 0; v < size; v++) {
        if (present->has[v]) {
            h++;
            if (merchants->has[v]) m++;
            else if (v & 1) p++;
        } else if (v & 1) mo++;
        else me++;
        held[v + 1] = h; held_merchants[v + 1] = m; plain_odd[v + 1] = p;
        missing_odd[v + 1] = mo; missing_even[v + 1] = me;
    }
    reaches(present, size, odd, even, reach);
    Run best = {0, 0, 0, 0};
    int best_points = 0, best_length = 0, bonus = r->merchant_bonus;
    for (int start = 0; start < size; start++) {
        for (int end = start + r->shortest - 1; end <= reach[start]; end++) {
            int miss_odd = missing_odd[end + 1] - missing_odd[start];
            int miss_even = missing_even[end + 1] - missing_even[start];
            int in_run = held_merchants[end + 1] - held_merchants[start];
            int plain_o = plain_odd[end + 1] - plain_odd[start];
            int plain_e = held[end + 1] - held[start] - in_run - plain_o;
            int a = miss_odd + plain_o, b = miss_even + plain_e;
            in_run += (merchant_odd < a ? merchant_odd : a) + (merchant_even < b ? merchant_even : b);
            int length = end - start + 1;
            int run = r->run_points[length];
            int points = run + in_run * bonus;
            if (points > best_points || (points == best_points && length > best_length)) {
                best.run = run; best.in_run = in_run; best.length = length; best.found = 1;
                best_points = points;
                best_length = length;
            }
        }
    }
    return best;
}

void ck_best_run(const CkRules *r, const CkValues *present, const CkValues *merchants, int top, int odd, int even,
                 int merchant_odd, int merchant_even, int one, int *run, int *in_run) {
    Run best = parity_run(r, present, merchants, top, odd, even, merchant_odd, merchant_even);
    if (r->printed_one_in_run && even) {
        CkValues with_one = *present;
        with_one.has[one] = 1;
        int bonus = r->merchant_bonus;
        for (int merchant_case = 0; merchant_case < 2; merchant_case++) {
            CkValues case_merchants = *merchants;
            int case_merchant_even = merchant_even;
            if (!merchant_case) {  /* a plain even Minister on a missing 1 */
                if (present->has[one] || even <= merchant_even)
                    continue;
            } else {  /* a Merchant-Minister on a 1 no Merchant holds */
                if (!merchant_even || (present->has[one] && merchants->has[one]))
                    continue;
                case_merchants.has[one] = 1;
                case_merchant_even--;
            }
            Run got = parity_run(r, &with_one, &case_merchants, top, odd, even - 1, merchant_odd, case_merchant_even);
            if (!got.found)
                continue;
            int points = got.run + got.in_run * bonus, best_points = best.run + best.in_run * bonus;
            if (points > best_points || (points == best_points && got.length > (best.found ? best.length : 0)))
                best = got;
        }
    }
    *run = best.run;
    *in_run = best.in_run;
}
