"""The 4 Gods agents beyond the core's random and greedy: the greedy value, the search's estimate and re-deal."""
