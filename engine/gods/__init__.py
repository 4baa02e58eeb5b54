"""4 Gods: real-time tile laying as a discrete-event simulation (rules, agents, ruleset data).

Rule of the seed (001_69c5d6f1f0851656.txt; its summary and what is public or
assumed: RULES.md) -> the file that codes it:

- players sit around a cardboard frame, the world's border (8x8);
  regions of landscape (a tile's joined edges, joined across tiles) ..... board.py
- two-sided tiles showing 1-3 of the 4 landscapes, how they may lie,
  which fits a space (fit tables) ..................................... tiles.py
- all play at the same time: think times, who plans next, which plan
  comes due first, the tie order (real time) .......................... clock.py
- each starts with two random tiles in hand; with both hands free draw
  two (public: one or two) from the bag; a discard area of at most ten .. hands.py
- a tile touches two sides and matches every landscape at its edges;
  from own hands, or with a free hand from any discard area ........... placement.py
- at any moment claim one of the four gods (one each) ................. gods.py
- a prophet on a tile just placed claims that landscape ............... prophets.py
- a city marker on a space believed unfillable, claimed by a prophet,
  broken by a fitting tile later (the breaking: placement.py) .......... cities.py
- the game ends when the world is full or the players agree nothing more
  fits (public: the bag is empty, nobody can place; assumed: nobody has
  moved a tile for end.idle_ms) ........................................ end.py
- cities 5 points, regions (tiles - prophets) by prophet majority, god
  bonuses for mass and groups; the god with most points wins ........... scoring.py

The rest, alike in every game package: `game.py` (fixed facts, which module
answers each Game question), `rules.py` (the ruleset read into `Rules`),
`ruleset_schema.py`, `rulesets/*.toml` (all ruleset data, with provenance),
`state.py` (state and player view), `commands.py` (what a player may ask),
`decide.py` (the legal commands, a command's events: each rule's check and
outcome, when planned and when due; legal_commands lives here, not in commands.py, because it gathers
every rule's commands and the rules import commands.py), `evolve.py` (today's events), `upcast.py` (older logs:
the retired bag order, v2 draws), `events.py`, `notation.py`
(recorded games), `agents/` (`greedy.py`: the one-ply value and greedy-fast;
`search.py`: the ismcts estimate and ismcts-fast; `hidden.py`: what a player
cannot know, re-dealt for the search; it models the others' plans with the greedy value, so it sits with
the agents rather than in state.py). Its throughput bench is simulate/gods_bench.py, beside Four Gardens'.
"""
