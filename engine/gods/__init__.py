"""4 Gods: real-time tile laying as a discrete-event simulation (rules, agents, ruleset data)."""
