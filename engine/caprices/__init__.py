"""Les caprices du roi (seed `003_30aa0a9c23cb511b.txt`): the rules, exact end scoring, and the agents' estimate.

Every rule of the seed lives in one file, named after it:

    Setup (deal 7, the face-down row, the Caprices, the King aid)      setup.py
    Preparing a round (a Subject joins the Zone, a Caprice turns up)    rounds.py
    End of the Round (the Royal Favour passes left; 6 rounds)           rounds.py
    A turn: draw, then discard; one replacement ability per turn        turn.py
    1 - Draw a Card: recruit from the Recruitment Zone or the pile      recruit.py   (and pass when stuck)
    1 - Draw a Card: rally a Peasant or an Artisan                      rally.py
    2 - Discard a Card                                                  discard.py
    Bourgeoise and Noble: replace your normal turn                      replacement_turns.py
    End of the Game: reveal, score, ranks, the lowest-value tie-break   end_of_game.py
    Scoring: the values of the hand and the rallied cards              assembly.py
    Scoring: the best Knight and Minister choices (exact)               scoring.py, choices.py
    'De l'ordre !' runs, the Merchant's +5 in a run                     runs.py
    'L'union fait la force !' families, the Clerk counting twice        families.py
    The Knight: one card of the assembly becomes a Knight               knight.py
    Ministers: another caste, any value of their parity in the run      ministers.py  (runs.py: in the run)
    The other Caprices' conditions                                      conditions.py (the ruleset's [caprices])
    Variant: Joust (games in a row, scores totalled)                    joust_match.py (game object: joust.py)

and the same files as every game package: game.py (facts and wiring), rules.py (the ruleset compiled into
tables), state.py (State, View, resample_hidden), commands.py (Command, legal_commands), decide.py,
evolve.py, events.py, notation.py, ruleset_schema.py, rulesets/, and agents/ (greedy's one-ply value, the
fast estimate, the search's evaluation). kernel/ compiles greedy's and distilled's decisions (C and Cython),
the same decisions at a fraction of the CPU (agents/kernel_agents.py plays them).
"""
