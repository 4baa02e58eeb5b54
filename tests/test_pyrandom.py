"""pyrandom.h draws exactly what CPython's random.Random draws: the compiled kernels' determinism rests on it."""

import random

import pytest
from engine.core.kernel.check import KernelRandom

SEEDS = [0, 1, 2026, 2**32 - 1, 2**32, 2**63 + 12345, 2**64 - 1]


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_streams_agree_on_every_method(seed: int) -> None:
    ours, theirs = KernelRandom(seed), random.Random(seed)
    for step in range(3000):
        kind = step % 6
        if kind == 0:
            assert ours.random() == theirs.random()
        elif kind == 1:
            bits = step % 65
            assert ours.getrandbits(bits) == theirs.getrandbits(bits)
        elif kind == 2:
            n = 1 + (step * 7919) % 1000
            assert ours.randbelow(n) == theirs._randbelow(n)
        elif kind == 3:
            assert ours.gauss() == theirs.gauss()
        elif kind == 4:
            values = list(range(step % 90))
            expected = list(values)
            ours.shuffle(values)
            theirs.shuffle(expected)
            assert values == expected
        else:
            population = list(range(1 + step % 120))
            k = min(len(population), step % 7)
            assert ours.sample(population, k) == theirs.sample(population, k)


def test_state_moves_between_python_and_the_kernel() -> None:
    source = random.Random(99)
    source.gauss()  # leaves a cached second value to carry over
    ours = KernelRandom(like=source)
    assert ours.gauss() == source.gauss()
    drawn = [ours.random() for _ in range(700)]  # past one regeneration of the 624 words
    ours.store(source)
    copy = random.Random(99)
    copy.gauss(), copy.gauss()
    assert drawn == [copy.random() for _ in range(700)]
    assert source.random() == copy.random() and source.gauss() == copy.gauss()


def test_a_search_seed_taken_from_an_agent_stream() -> None:
    agent = random.Random(7)
    seed = agent.getrandbits(64)  # what IsmctsAgent.grow seeds its Chance with
    assert [KernelRandom(seed).random() for _ in range(5)] == [random.Random(seed).random() for _ in range(5)]
