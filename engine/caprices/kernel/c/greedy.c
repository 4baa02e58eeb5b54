/* agents/greedy.py: the estimate of the cards in hand and those rallied (kept apart as the Knight sees them),
   memoised as the Python memo is (same sorted cards, same Caprices: same estimate), and greedy's one-ply value
   of a command. Card sets are 64-bit masks of card ids, so a mask's bits in order are the sorted cards. */
#include <stdint.h>
#include <string.h>
#include "rules.h"

#define RALLY_EDGE 0.5
#define MEMO_SIZE (1u << 13)
#define MEMO_PROBES 8

typedef struct { uint64_t hand, rallied; unsigned generation; int score; } MemoEntry;

static MemoEntry memo[MEMO_SIZE];
static unsigned generation = 1;
/* what the memo's entries were estimated for: a change starts a new generation (no clearing) */
static const CkRules *memo_rules;
static CkInPlay memo_caprices[CK_MAX_CAPRICES];
static int memo_caprice_count = -1;

static uint64_t bit(int card) {
    return (uint64_t)1 << card;
}

static uint64_t mask_of(const int *cards, int count) {
    uint64_t mask = 0;
    for (int i = 0; i < count; i++)
        mask |= bit(cards[i]);
    return mask;
}

static int cards_of(uint64_t mask, int *out) {
    int n = 0;
    while (mask) {
        out[n++] = __builtin_ctzll(mask);
        mask &= mask - 1;
    }
    return n;
}

static void memo_context(const CkRules *r, const CkInPlay *caprices, int count) {
    if (r == memo_rules && count == memo_caprice_count
            && memcmp(caprices, memo_caprices, (size_t)count * sizeof(CkInPlay)) == 0)
        return;
    memo_rules = r;
    memo_caprice_count = count;
    memcpy(memo_caprices, caprices, (size_t)count * sizeof(CkInPlay));
    if (++generation == 0) {  /* wrapped: entries of generation 0 must not look current */
        memset(memo, 0, sizeof(memo));
        generation = 1;
    }
}

/* A rallied card differs from one in hand only for a Knight that may not take it, and only when no card of its
   caste is in the hand (greedy._canonical): every other rallied card moves to the hand. */
static void canonical(const CkRules *r, uint64_t *hand, uint64_t *rallied) {
    if (r->knight_takes_rallied || !(*hand & r->knight_enablers)) {
        *hand |= *rallied;
        *rallied = 0;
        return;
    }
    unsigned held = 0;
    int cards[CK_DECK];
    int n = cards_of(*hand, cards);
    for (int i = 0; i < n; i++)
        held |= 1u << r->printed[cards[i]];
    n = cards_of(*rallied, cards);
    for (int i = 0; i < n; i++)
        if (held & (1u << r->printed[cards[i]])) {
            *hand |= bit(cards[i]);
            *rallied &= ~bit(cards[i]);
        }
}

static int estimate_masks(const CkRules *r, uint64_t hand, uint64_t rallied, const CkInPlay *caprices,
                          int caprice_count) {
    if (rallied)
        canonical(r, &hand, &rallied);
    memo_context(r, caprices, caprice_count);
    uint64_t h = (hand ^ (rallied * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    unsigned slot = (unsigned)(h >> 51) & (MEMO_SIZE - 1);
    MemoEntry *free_entry = NULL;
    for (int probe = 0; probe < MEMO_PROBES; probe++) {
        MemoEntry *e = &memo[(slot + probe) & (MEMO_SIZE - 1)];
        if (e->generation != generation) {
            if (free_entry == NULL)
                free_entry = e;
            continue;
        }
        if (e->hand == hand && e->rallied == rallied)
            return e->score;
    }
    int hand_cards[CK_DECK], rallied_cards[CK_DECK];
    int score = ck_estimate_total(r, hand_cards, cards_of(hand, hand_cards), rallied_cards,
                                  cards_of(rallied, rallied_cards), caprices, caprice_count);
    MemoEntry *e = free_entry != NULL ? free_entry : &memo[slot];
    e->hand = hand;
    e->rallied = rallied;
    e->generation = generation;
    e->score = score;
    return score;
}

int ck_assembly_estimate(const CkRules *r, const int *hand, int hand_count, const int *rallied, int rallied_count,
                         const CkInPlay *caprices, int caprice_count) {
    return estimate_masks(r, mask_of(hand, hand_count), mask_of(rallied, rallied_count), caprices, caprice_count);
}

double ck_greedy_value(const CkRules *r, const CkView *view, const CkCommand *command) {
    uint64_t hand = mask_of(view->hand, view->hand_count), rallied = mask_of(view->rallied, view->rallied_count);
    int kind = command->kind;
    double blind = 0.0;
    if (kind == K_RALLY) {
        rallied |= bit(command->cards[0]);
    } else if (kind == K_RECRUIT || kind == K_TAKE) {
        hand |= bit(command->cards[0]);
    } else if (kind == K_DISCARD || kind == K_BOURGEOISE || kind == K_NOBLE) {
        for (int i = 0; i < command->card_count; i++)
            hand &= ~bit(command->cards[i]);
        if (kind != K_DISCARD)
            blind = 2 * r->blind;
    } else if (kind == K_DRAW_DECK || kind == K_TAKE_DECK) {
        blind = r->blind;
    }
    if (kind == K_TAKE || kind == K_TAKE_DECK)
        blind += (double)(view->takes_left - 1) * r->blind;
    int score = estimate_masks(r, hand, rallied, view->caprices, view->caprice_count);
    return (double)score + blind + (kind == K_RALLY ? RALLY_EDGE : 0.0);
}
