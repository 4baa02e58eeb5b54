/* The ruleset as the kernel reads it (rules.py's Rules, the fields a greedy or distilled decision reaches),
   and the prototypes of every C file of this kernel. Filled once per Rules by the Cython glue. */
#ifndef CAPRICES_RULES_H
#define CAPRICES_RULES_H

#define CK_DECK 64            /* Subject cards (rules.DECK_SIZE) */
#define CK_FINAL 8            /* final castes, rules.FINAL_CASTES order */
#define CK_VALUES 128         /* run frame values 0..CK_VALUES-1; a deck beyond it is left to Python */
#define CK_FAMILY (CK_DECK + 2)
#define CK_MAX_CAPRICES 64
#define CK_MAX_NODES 64       /* condition tree nodes per Caprice */
#define CK_MAX_CARDS 80       /* cards in one assembly (hand and rallied) */
#define CK_FEATURES 39        /* features.FEATURES */

/* final castes (FINAL_CASTES) */
enum { F_PEASANT, F_ARTISAN, F_BOURGEOISE, F_KNIGHT, F_NOBLE, F_MINISTER, F_CLERK, F_MERCHANT };
/* printed castes (PRINTED_CASTES) */
enum { P_PEASANT, P_ARTISAN, P_BOURGEOISE, P_KNIGHT, P_NOBLE, P_MINISTER_ODD, P_MINISTER_EVEN, P_CLERK,
       P_MERCHANT };
/* run_values (RUN_VALUES) */
enum { RUN_PRINTED, RUN_NATURAL, RUN_INTEGER };
/* command kinds (features.KINDS order) */
enum { K_RECRUIT, K_DRAW_DECK, K_RALLY, K_BOURGEOISE, K_NOBLE, K_DISCARD, K_TAKE, K_TAKE_DECK, K_PASS, K_KINDS };

/* condition nodes (conditions.py), stored in prefix order: a group's children follow it */
enum { C_ALL, C_ANY, C_NOT, C_CASTE, C_VALUES_AT_LEAST, C_VALUES_AT_MOST, C_VALUE_SUM, C_RUN_LENGTH, C_CARDS,
       C_DISTINCT_CASTES, C_LARGEST_FAMILY, C_FAMILIES };

typedef struct {
    int type;
    int arg;           /* the caste, or the value threshold */
    long long low, high;
    int children;      /* groups: number of direct children */
    int size;          /* nodes in this subtree, itself included */
} CkNode;

typedef struct {
    CkNode nodes[CK_MAX_NODES];
    int is_static;     /* no Knight/Minister choice changes it (Caprice.static) */
    unsigned used;     /* bit per final caste it reads; all bits when it reads the whole structure (None) */
} CkCaprice;

typedef struct {
    int printed[CK_DECK];            /* printed caste per card id */
    int value[CK_DECK];
    int final_of_printed[9];
    int family[CK_FINAL][CK_FAMILY]; /* rules.caste_family */
    int run_points[CK_VALUES + 2];   /* rules.run_points(length) */
    int shortest;                    /* min(rules.order_points) */
    int merchant_bonus, merchant_on_shared_value;
    int minister_castes[2][CK_FINAL];/* [0]: minister_odd, [1]: minister_even */
    int minister_caste_count[2];
    int knight_takes_rallied, knight_takes_transformed_minister;
    int run_values, top_value;
    int transformed_enables_knight, transformed_earns_merchant_bonus, keeps_run_value_when_transformed;
    int printed_one_in_run;
    unsigned long long knight_enablers;  /* bit per card id that can give the Knight transformation */
    int rounds;
    double blind;                    /* greedy.blind_value */
    int caprice_count;
    CkCaprice caprices[CK_MAX_CAPRICES];
} CkRules;

/* A Caprice in play: its index in CkRules.caprices and its bonus. */
typedef struct { int id, bonus; } CkInPlay;

/* What no choice changes (conditions.AssemblyFacts). */
typedef struct {
    const int *values;
    int count, value_sum, run_length;
} CkFacts;

/* A value set of the run frame. */
typedef struct { unsigned char has[CK_VALUES + 2]; } CkValues;

/* The view of one decision, as the features read it (state.View). */
typedef struct {
    int player, players, round, deal, takes_left;
    const int *hand; int hand_count;
    const int *rallied; int rallied_count;            /* the player's */
    const int *next_known; int next_known_count;      /* the next player's known cards */
    const int *next_rallied; int next_rallied_count;
    const CkInPlay *caprices; int caprice_count;
} CkView;

typedef struct { int kind; int cards[2]; int card_count; } CkCommand;

/* conditions.c */
int ck_test(const CkNode *node, const int *counts, const CkFacts *facts);
/* runs.c */
void ck_run_frame(const CkRules *r, const CkValues *present, int ministers, int *shift, int *top);
int ck_run_length(const CkRules *r, const CkValues *present, int top, int odd, int even, int one);
void ck_best_run(const CkRules *r, const CkValues *present, const CkValues *merchants, int top, int odd, int even,
                 int merchant_odd, int merchant_even, int one, int *run, int *in_run);
/* ministers.c */
void ck_run_ministers(const CkRules *r, const int (*castes)[2], int count, int *out);
/* knight.c */
int ck_knight_takeable(const CkRules *r, const int *hand, int hand_count, const int *rallied, int rallied_count,
                       int *out);
/* assembly.c */
void ck_bonus_merchants(const CkRules *r, const int *merchants, const int *held_count, int *earning);
/* estimate.c */
int ck_estimate_total(const CkRules *r, const int *hand, int hand_count, const int *rallied, int rallied_count,
                      const CkInPlay *caprices, int caprice_count);
/* greedy.c */
int ck_assembly_estimate(const CkRules *r, const int *hand, int hand_count, const int *rallied, int rallied_count,
                         const CkInPlay *caprices, int caprice_count);
double ck_greedy_value(const CkRules *r, const CkView *view, const CkCommand *command);
/* features.c */
void ck_features(const CkRules *r, const CkView *view, const CkCommand *commands, int count, double *rows);
int ck_distilled_choice(const double *rows, int count, const double *weights);

#endif
