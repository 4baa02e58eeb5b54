"""The agents' knowledge of Les caprices du roi: greedy's one-ply value, the estimate both greedy and the search use."""
