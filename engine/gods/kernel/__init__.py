"""4 Gods' compiled search kernel: C rules (c/, one file per Python rule file) and Cython glue (compiled.pyx)."""
