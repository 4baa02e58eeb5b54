/* conditions.py: a Caprice's condition tree, tested on the final caste counts and the facts no choice changes.
   The tree is the one the ruleset compiled (the glue writes it in prefix order); a measure reads the counts as
   the Python closures do: the caste-based ones never include the Clerk bonus. */
#include "rules.h"

#define FAMILY_MIN 3  /* conditions.FAMILY_MIN */

static int within(long long x, const CkNode *node) {
    return node->low <= x && x <= node->high;
}

static int values_where(const CkFacts *facts, int threshold, int at_least) {
    int n = 0;
    for (int i = 0; i < facts->count; i++) {
        int v = facts->values[i];
        n += at_least ? v >= threshold : v <= threshold;
    }
    return n;
}

static int castes_where(const int *counts, int least) {
    int n = 0;
    for (int c = 0; c < CK_FINAL; c++)
        n += counts[c] >= least;
    return n;
}

static int largest(const int *counts) {
    int best = 0;
    for (int c = 0; c < CK_FINAL; c++)
        if (counts[c] > best)
            best = counts[c];
    return best;
}

static int group(const CkNode *node, const int *counts, const CkFacts *facts, int all) {
    const CkNode *child = node + 1;
    for (int i = 0; i < node->children; i++) {
        int met = ck_test(child, counts, facts);
        if (met != all)
            return met;
        child += child->size;
    }
    return all;
}

int ck_test(const CkNode *node, const int *counts, const CkFacts *facts) {
    switch (node->type) {
    case C_ALL: return group(node, counts, facts, 1);
    case C_ANY: return group(node, counts, facts, 0);
    case C_NOT: return !ck_test(node + 1, counts, facts);
    case C_CASTE: return within(counts[node->arg], node);
    case C_VALUES_AT_LEAST: return within(values_where(facts, node->arg, 1), node);
    case C_VALUES_AT_MOST: return within(values_where(facts, node->arg, 0), node);
    case C_VALUE_SUM: return within(facts->value_sum, node);
    case C_RUN_LENGTH: return within(facts->run_length, node);
    case C_CARDS: return within(facts->count, node);
    case C_DISTINCT_CASTES: return within(castes_where(counts, 1), node);
    case C_LARGEST_FAMILY: return within(largest(counts), node);
    default: return within(castes_where(counts, FAMILY_MIN), node);  /* C_FAMILIES */
    }
}
