# cython: language_level=3
"""`KernelRandom`: pyrandom.h behind Python methods, so tests can hold it against random.Random draw by draw."""
from engine.core.kernel.pyrandom cimport (PyRandom, load_state, pyr_gauss, pyr_getrandbits, pyr_random,
                                          pyr_randbelow, pyr_sample_int, pyr_seed_u64, pyr_shuffle_int, store_state)


cdef class KernelRandom:
    cdef PyRandom state

    def __init__(self, seed=None, like=None):
        if like is not None:
            load_state(&self.state, like)
        else:
            pyr_seed_u64(&self.state, seed)

    def random(self):
        return pyr_random(&self.state)

    def getrandbits(self, int k):
        return pyr_getrandbits(&self.state, k)

    def randbelow(self, n):
        return pyr_randbelow(&self.state, n)

    def gauss(self):
        return pyr_gauss(&self.state)

    def shuffle(self, list values):
        cdef int n = len(values)
        cdef int[4096] x
        for i in range(n):
            x[i] = values[i]
        pyr_shuffle_int(&self.state, x, n)
        values[:] = [x[i] for i in range(n)]

    def sample(self, list population, int k):
        cdef int n = len(population)
        cdef int[4096] pool
        cdef int[4096] out
        for i in range(n):
            pool[i] = population[i]
        pyr_sample_int(&self.state, pool, n, k, out)
        return [out[i] for i in range(k)]

    def store(self, rng):
        store_state(&self.state, rng)
