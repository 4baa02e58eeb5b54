# Cython declarations of pyrandom.h (CPython's random.Random in C) and the two conversions a kernel needs:
# a Python random.Random's state into a PyRandom and back, so a kernel draws exactly what the agent would have.
from libc.stdint cimport uint32_t, uint64_t

cdef extern from "pyrandom.h":
    ctypedef struct PyRandom:
        uint32_t mt[624]
        int index
        int has_gauss
        double gauss_next
    void pyr_seed_u64(PyRandom *r, uint64_t seed)
    uint32_t pyr_genrand_uint32(PyRandom *r)
    double pyr_random(PyRandom *r)
    uint64_t pyr_getrandbits(PyRandom *r, int k)
    uint64_t pyr_randbelow(PyRandom *r, uint64_t n)
    void pyr_shuffle_int(PyRandom *r, int *x, int length)
    void pyr_sample_int(PyRandom *r, const int *population, int n, int k, int *out)
    double pyr_gauss(PyRandom *r)


cdef inline void load_state(PyRandom *r, object rng):
    """Copy a random.Random's state (getstate(): version, 624 words and the index, gauss_next) into r."""
    version, internal, gauss_next = rng.getstate()
    cdef int i
    for i in range(624):
        r.mt[i] = internal[i]
    r.index = internal[624]
    r.has_gauss = gauss_next is not None
    r.gauss_next = gauss_next if gauss_next is not None else 0.0


cdef inline void store_state(PyRandom *r, object rng):
    """Write r's state back into a random.Random (after the kernel drew from it)."""
    internal = tuple([r.mt[i] for i in range(624)] + [r.index])
    rng.setstate((3, internal, r.gauss_next if r.has_gauss else None))
