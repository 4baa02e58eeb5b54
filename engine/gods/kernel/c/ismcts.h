/* The search tree and iterations of engine/core/ismcts.py for 4 Gods (ismcts.c). */
#ifndef GODS_ISMCTS_H
#define GODS_ISMCTS_H

#include "kstate.h"

typedef struct {
    uint64_t key;        /* the command that leads here, as k_command_key */
    KCommand command;
    int visits, available, mover;
    double total, bias;
    int first_child, last_child, next_sibling;  /* children in insertion order (a Python dict's) */
} KNode;

typedef struct {
    KNode *nodes;
    int nnodes, cap;
    double scale, prior, widening;
    int searcher;
    PyRandom rng;
    KState world;        /* the iteration's determinisation */
    KList legal, scratch;
    double *values, *replan_values;   /* greedy values of a node's legal commands; of a re-dealt plan's */
    int replan_cap;
    int *tried, *untried, *tried_node, *ties, index_cap;
    int *path, path_cap;
} KSearch;

uint64_t k_command_key(const KCommand *c);
void k_search_init(KSearch *t, double scale, double prior, double widening, int searcher, uint64_t seed);
void k_search_free(KSearch *t);
int k_new_node(KSearch *t, int parent, const KCommand *command, int mover, double bias);
int k_grow(KSearch *t, const KState *root_state, int todo, int stop_early);

#endif
