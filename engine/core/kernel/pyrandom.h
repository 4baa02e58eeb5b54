/* CPython's random.Random, bit for bit, for the compiled search kernels.
 *
 * Why: a kernel must make exactly the decisions the Python agent makes from the same seed, so that "same seed,
 * same log" holds whichever implementation plays and a differential test can compare whole games. Every draw
 * below follows CPython 3.11's Modules/_randommodule.c (MT19937, init_by_array, genrand_res53, getrandbits) and
 * Lib/random.py (_randbelow_with_getrandbits, shuffle, sample, gauss with its cached second value).
 * tests/engine/test_pyrandom.py checks it against random.Random on every method the kernels use.
 */
#ifndef BALANCE_PYRANDOM_H
#define BALANCE_PYRANDOM_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#define PYR_N 624
#define PYR_M 397

typedef struct {
    uint32_t mt[PYR_N];
    int index;
    int has_gauss;      /* gauss_next is not None */
    double gauss_next;
} PyRandom;

static inline void pyr_init_genrand(PyRandom *r, uint32_t s) {
    uint32_t *mt = r->mt;
    mt[0] = s;
    for (int i = 1; i < PYR_N; i++) mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = PYR_N;
}

/* init_by_array: CPython seeds an int n with the little-endian 32-bit words of |n| ([0] for 0) */
static inline void pyr_init_by_array(PyRandom *r, const uint32_t *key, size_t key_length) {
    uint32_t *mt = r->mt;
    size_t i = 1, j = 0, k;
    pyr_init_genrand(r, 19650218U);
    k = (PYR_N > key_length ? PYR_N : key_length);
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= PYR_N) { mt[0] = mt[PYR_N - 1]; i = 1; }
        if (j >= key_length) j = 0;
    }
    for (k = PYR_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= PYR_N) { mt[0] = mt[PYR_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000U;
    r->has_gauss = 0;
    r->gauss_next = 0.0;
}

/* random.Random(seed) for a seed below 2**64 (what Chance(rng.getrandbits(64)) gives a search) */
static inline void pyr_seed_u64(PyRandom *r, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)(seed & 0xffffffffU), (uint32_t)(seed >> 32)};
    pyr_init_by_array(r, key, key[1] ? 2 : 1);
}

static inline uint32_t pyr_genrand_uint32(PyRandom *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    uint32_t *mt = r->mt;
    if (r->index >= PYR_N) {
        int kk;
        for (kk = 0; kk < PYR_N - PYR_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + PYR_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < PYR_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (PYR_M - PYR_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[PYR_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[PYR_N - 1] = mt[PYR_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random(): 53 bits from two draws */
static inline double pyr_random(PyRandom *r) {
    uint32_t a = pyr_genrand_uint32(r) >> 5, b = pyr_genrand_uint32(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* getrandbits(k) for 0 <= k <= 64 (words filled from the least significant) */
static inline uint64_t pyr_getrandbits(PyRandom *r, int k) {
    if (k <= 0) return 0;
    if (k <= 32) return pyr_genrand_uint32(r) >> (32 - k);
    uint64_t low = pyr_genrand_uint32(r);
    uint64_t high = pyr_genrand_uint32(r) >> (64 - k);
    return low | (high << 32);
}

static inline int pyr_bit_length(uint64_t n) {
    int bits = 0;
    while (n) { bits++; n >>= 1; }
    return bits;
}

/* _randbelow_with_getrandbits(n): the rejection loop of random.py (n = 0 gives 0, as getrandbits(0) does) */
static inline uint64_t pyr_randbelow(PyRandom *r, uint64_t n) {
    int k = pyr_bit_length(n);
    uint64_t x = pyr_getrandbits(r, k);
    while (x >= n) x = pyr_getrandbits(r, k);
    return x;
}

/* shuffle(x) on an int array */
static inline void pyr_shuffle_int(PyRandom *r, int *x, int length) {
    for (int i = length - 1; i >= 1; i--) {
        int j = (int)pyr_randbelow(r, (uint64_t)i + 1);
        int t = x[i]; x[i] = x[j]; x[j] = t;
    }
}

/* sample(population, k) of an int array into out (k <= length <= 4096); random.py's two methods */
static inline void pyr_sample_int(PyRandom *r, const int *population, int n, int k, int *out) {
    int setsize = 21;
    if (k > 5) setsize += (int)pow(4.0, ceil(log((double)(k * 3)) / log(4.0)));
    if (n <= setsize) {
        int pool[4096];
        memcpy(pool, population, sizeof(int) * (size_t)n);
        for (int i = 0; i < k; i++) {
            int j = (int)pyr_randbelow(r, (uint64_t)(n - i));
            out[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
    } else {
        int selected[4096];
        for (int i = 0; i < k; i++) {
            int j, again;
            do {
                j = (int)pyr_randbelow(r, (uint64_t)n);
                again = 0;
                for (int s = 0; s < i; s++) if (selected[s] == j) { again = 1; break; }
            } while (again);
            selected[i] = j;
            out[i] = population[j];
        }
    }
}

/* gauss(): Box-Muller with the second value kept for the next call, as random.py does */
static inline double pyr_gauss(PyRandom *r) {
    if (r->has_gauss) {
        r->has_gauss = 0;
        return r->gauss_next;
    }
    double x2pi = pyr_random(r) * 6.283185307179586;  /* TWOPI = 2.0 * pi */
    double g2rad = sqrt(-2.0 * log(1.0 - pyr_random(r)));
    r->gauss_next = sin(x2pi) * g2rad;
    r->has_gauss = 1;
    return cos(x2pi) * g2rad;
}

#endif
