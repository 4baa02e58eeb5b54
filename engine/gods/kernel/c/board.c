/* board.py: cell geometry and landscape regions (connected (cell, group) nodes of placed tiles). */
#include "kstate.h"

/* board.NEIGHBOURS: north, east, south, west; -1 = the frame */
const int8_t K_NEIGHBOURS[K_CELLS][4] = {
    {-1, 1, 8, -1}, {-1, 2, 9, 0}, {-1, 3, 10, 1}, {-1, 4, 11, 2}, {-1, 5, 12, 3}, {-1, 6, 13, 4}, {-1, 7, 14, 5}, {-1, -1, 15, 6},
    {0, 9, 16, -1}, {1, 10, 17, 8}, {2, 11, 18, 9}, {3, 12, 19, 10}, {4, 13, 20, 11}, {5, 14, 21, 12}, {6, 15, 22, 13}, {7, -1, 23, 14},
    {8, 17, 24, -1}, {9, 18, 25, 16}, {10, 19, 26, 17}, {11, 20, 27, 18}, {12, 21, 28, 19}, {13, 22, 29, 20}, {14, 23, 30, 21}, {15, -1, 31, 22},
    {16, 25, 32, -1}, {17, 26, 33, 24}, {18, 27, 34, 25}, {19, 28, 35, 26}, {20, 29, 36, 27}, {21, 30, 37, 28}, {22, 31, 38, 29}, {23, -1, 39, 30},
    {24, 33, 40, -1}, {25, 34, 41, 32}, {26, 35, 42, 33}, {27, 36, 43, 34}, {28, 37, 44, 35}, {29, 38, 45, 36}, {30, 39, 46, 37}, {31, -1, 47, 38},
    {32, 41, 48, -1}, {33, 42, 49, 40}, {34, 43, 50, 41}, {35, 44, 51, 42}, {36, 45, 52, 43}, {37, 46, 53, 44}, {38, 47, 54, 45}, {39, -1, 55, 46},
    {40, 49, 56, -1}, {41, 50, 57, 48}, {42, 51, 58, 49}, {43, 52, 59, 50}, {44, 53, 60, 51}, {45, 54, 61, 52}, {46, 55, 62, 53}, {47, -1, 63, 54},
    {48, 57, -1, -1}, {49, 58, -1, 56}, {50, 59, -1, 57}, {51, 60, -1, 58}, {52, 61, -1, 59}, {53, 62, -1, 60}, {54, 63, -1, 61}, {55, -1, -1, 62},
};

/* board.region_nodes from one group of a placed tile: marks its nodes (cell * 4 + group) in `in_region` (zeroed by
 * the caller) and returns how many distinct cells (tiles) the region covers */
int k_region_tiles(const KState *s, int cell, int group, uint8_t *in_region) {
    int stack[K_CELLS * 4], top = 0, tiles = 0;
    uint64_t cells = 0;
    in_region[cell * 4 + group] = 1;
    stack[top++] = cell * 4 + group;
    while (top) {
        int node = stack[--top], c = node >> 2, g = node & 3;
        cells |= 1ULL << c;
        for (int d = 0; d < 4; d++) {
            int n = K_NEIGHBOURS[c][d];
            if (s->groups_at[c][d] != g || n < 0 || s->tile_at[n] == K_EMPTY) continue;
            int next = n * 4 + s->groups_at[n][(d + 2) % 4];
            if (!in_region[next]) { in_region[next] = 1; stack[top++] = next; }
        }
    }
    while (cells) { tiles++; cells &= cells - 1; }
    return tiles;
}

static int find(int16_t *parent, int x) {
    while (parent[x] != x) { parent[x] = parent[parent[x]]; x = parent[x]; }
    return x;
}

/* board.all_regions, as union-find over the nodes: each region's landscape, tiles and edges (what scoring reads) */
void k_all_regions(const KState *s, KRegions *out) {
    int16_t parent[K_CELLS * 4];
    for (int i = 0; i < K_CELLS * 4; i++) { parent[i] = (int16_t)i; out->root_of[i] = -1; }
    for (int c = 0; c < K_CELLS; c++) {
        if (s->tile_at[c] == K_EMPTY) continue;
        for (int d = 1; d < 3; d++) {  /* east and south: every shared edge once */
            int n = K_NEIGHBOURS[c][d];
            if (n < 0 || s->tile_at[n] == K_EMPTY) continue;
            int a = find(parent, c * 4 + s->groups_at[c][d]), b = find(parent, n * 4 + s->groups_at[n][(d + 2) % 4]);
            if (a != b) parent[a > b ? a : b] = (int16_t)(a < b ? a : b);
        }
    }
    int16_t index_of[K_CELLS * 4];
    int count = 0;
    for (int i = 0; i < K_CELLS * 4; i++) index_of[i] = -1;
    for (int c = 0; c < K_CELLS; c++) {
        if (s->tile_at[c] == K_EMPTY) continue;
        int16_t seen[4];
        int nseen = 0;
        for (int d = 0; d < 4; d++) {
            int node = c * 4 + s->groups_at[c][d], root = find(parent, node);
            if (index_of[root] < 0) {
                index_of[root] = (int16_t)count;
                out->landscape[count] = s->edges_at[c][d];
                out->tiles[count] = 0;
                out->edges[count] = 0;
                count++;
            }
            int region = index_of[root];
            out->root_of[node] = (int16_t)region;
            out->edges[region]++;
            int known = 0;
            for (int k = 0; k < nseen; k++) known |= seen[k] == region;
            if (!known) { seen[nseen++] = (int16_t)region; out->tiles[region]++; }
        }
    }
    out->nregions = count;
}
