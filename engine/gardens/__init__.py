"""Four Gardens and its expansion The God's Caprice (game id `gardens`).

Where each rule of the seeds (shared/seeds: 002 the base game, 000 The God's
Caprice) is coded; a rule's file holds its legal commands, its decide and the
handlers of its events:

    Setup (deck, pagoda, hands, display; Caprice tiles)   setup.py
    Turn: 3 action points, each paid with a card         actions.py
    Lay Groundwork (3 at most, colour + number once)      groundworks.py
    Rotate and Collect (the pagoda)                       pagoda.py
    Take a Wild (one resource of your choice)             wild.py
    Reallocate Resources                                  reallocate.py
    Landscape Completion (matched groundworks)            groundworks.py
      ... the card's god advances, end-of-track push      tracks.py
      ... the rewards of earlier cards of the set         groundworks.py (one advance per card)
    Panoramas (completing a set)                          panoramas.py
    Bonuses: Planning, Take Wilds, Extra Rewards          bonus_tiles.py
    Draw back up to 5 (display and deck)                  draw.py
    Turn order, steps that happen by themselves           turn.py
    Game End (8/9/10 groundworks, finish the round)       end.py
    Points and tie-breaks                                 scoring.py
    The God's Caprice: the ten tiles, Sabotage, favor     caprice.py (favor: scoring.py)

The game's anatomy around them: game.py (facts and wiring), rules.py (a
ruleset as tables: `Rules`), state.py (State, views, resample_hidden),
commands.py (decision kinds, legal_commands), decide.py, evolve.py,
events.py and upcast.py (older event versions), notation.py (move notation),
ruleset_schema.py, rulesets/*.toml (every assumed value with its
provenance), agents/ (greedy, the search profile, prefer-/avoid-tile agents).
"""
