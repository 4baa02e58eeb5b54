"""The compiled search kernels (Cython glue, C rules): everything else about the package is in pyproject.toml.

A kernel is a package `engine/<game>/kernel/` (or `engine/core/kernel/`): each `*.pyx` there becomes one extension
module, compiled with the C files of its `c/` folder, if any. The kernels make exactly the decisions of the Python
agents they accelerate (same seed, same log: tests/engine/*kernel*), so the lake never depends on which one played.
"""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

ROOT = Path(__file__).parent
SHARED = "engine/core/kernel"  # pyrandom.h: CPython's random.Random in C


def kernel_modules() -> list[Extension]:
    modules = []
    for pyx in sorted(ROOT.glob("engine/**/kernel/*.pyx")):
        relative = pyx.relative_to(ROOT)
        c_sources = sorted(p.relative_to(ROOT).as_posix() for p in (pyx.parent / "c").glob("*.c"))
        modules.append(Extension(
            relative.with_suffix("").as_posix().replace("/", "."), [relative.as_posix(), *c_sources],
            include_dirs=[SHARED, relative.parent.as_posix(), (relative.parent / "c").as_posix()],
            extra_compile_args=["-O3", "-std=c99", "-Wno-unused-function"],
        ))
    return modules


setup(ext_modules=cythonize(kernel_modules(), language_level=3, include_path=["."],
                            compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True}))
