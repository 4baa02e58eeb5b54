# The Python state into C (core.pyx includes this): every field the C rules read, checked against the capacities.

cdef int load_cards(int16_t *out, cards, int limit, what) except -1:
    cdef int n = len(cards)
    if n > limit:
        raise Unsupported(f"{what}: {n} > {limit}")
    for i in range(n):
        out[i] = cards[i]
    return n


cdef int load_player(gk_player *P, KernelRules kr, p) except -1:
    P.n_hand = load_cards(P.hand, p.hand, GK_MAX_HAND, "hand")
    if len(p.groundworks) > GK_MAX_GW:
        raise Unsupported("groundworks")
    P.n_gw = 0
    for card, placed in p.groundworks.items():
        P.gw_card[P.n_gw] = card
        for r in range(4):
            P.gw_placed[P.n_gw][r] = placed[r]
        P.n_gw += 1
    for r in range(4):
        P.storage[r] = p.storage[r]
    P.capacity = p.capacity
    if len(p.panoramas) > GK_MAX_PAN:
        raise Unsupported("panoramas")
    P.n_pan = len(p.panoramas)
    for i, (pid, size, cards) in enumerate(p.panoramas):
        P.pan_id[i], P.pan_size[i] = kr.panorama_ids[pid], size
        P.pan_n[i] = load_cards(P.pan_cards[i], cards, GK_MAX_PAN_SIZE, "panorama")
    for g, space in enumerate(p.track):
        P.track[g] = space
    P.completed, P.largest_panorama = p.completed, p.largest_panorama
    P.extra_rewards, P.favor = p.extra_rewards, p.favor
    if len(p.bonus_types) > GK_MAX_BONUS:
        raise Unsupported("bonus tiles")
    P.n_bonus = len(p.bonus_types)
    for i, tile in enumerate(p.bonus_types):
        P.bonus_types[i] = TILE_IDS[tile]
    for t in range(GK_CAPRICE_TILES):
        P.tiles[t] = 0
    for tile, side in p.tiles.items():
        P.tiles[TILE_IDS[tile]] = SIDE_IDS[side]
    return 0


cdef int load_frame(gk_frame *F, frame) except -1:
    kind = FRAME_IDS[frame[0]]
    F.kind, F.player, F.arg, F.n = kind, frame[1], 0, 0
    if kind == 2:  # wild: its source
        F.arg = WILD_SOURCES.index(frame[2])
    elif kind == 4:  # complete: the cards completed together
        F.n = load_cards(F.items, frame[2], GK_MAX_ITEMS, "completions")
    elif kind == 16:  # arrange: the picks so far
        F.n = load_cards(F.items, [x for pick in frame[2] for x in pick], GK_MAX_ITEMS, "picks")
    elif len(frame) > 2:  # advance (god), panorama (index), draw and place (how many)
        F.arg = frame[2]
    return 0


cdef int load(gk_state *s, KernelRules kr, state) except -1:
    s.num_players = state.num_players
    for i, p in enumerate(state.players):
        load_player(&s.players[i], kr, p)
    s.n_deck = load_cards(s.deck, state.deck, GK_MAX_CARDS, "deck")
    s.n_discard = load_cards(s.discard, state.discard, GK_MAX_CARDS, "discard")
    s.n_display = load_cards(s.display, state.display, GK_MAX_DISPLAY, "display")
    for i in range(4):
        s.levels[i], s.rotation[i], s.supply[i] = state.levels[i], state.rotation[i], state.supply[i]
    for t, tile in enumerate(BASE_TILES):
        values = state.base_tiles.get(tile, ())
        s.base_n[t] = len(values)
        for i, value in enumerate(values):
            s.base_vals[t][i] = value
    s.n_stack, s.n_face_up = len(state.tile_stack), len(state.tile_face_up)
    for i, tile in enumerate(state.tile_stack):
        s.tile_stack[i] = TILE_IDS[tile]
    for i, tile in enumerate(state.tile_face_up):
        s.face_up[i] = TILE_IDS[tile]
    for i in range(4):
        s.sab_on[i] = 0
    for owner, (target, card) in state.sabotage.items():
        s.sab_on[owner], s.sab_target[owner], s.sab_card[owner] = 1, target, card
    if len(state.todo) > GK_MAX_TODO:
        raise Unsupported("decision stack")
    s.n_todo = len(state.todo)
    for i, frame in enumerate(state.todo):
        load_frame(&s.todo[i], frame)
    s.current, s.actions_left, s.end_triggered = state.current, state.actions_left, state.end_triggered
    s.end_reason, s.round, s.turn = END_REASONS.index(state.end_reason), state.round, state.turn
    s.turn_pending, s.err = state.turn_pending, 0
    return 0


cdef int load_view(gk_state *s, KernelRules kr, state, int player) except -1:
    """What greedy's value reads: the player's garden and storage, every track, the pagoda, the supply, the base
    tiles and the action points (not the hands, the deck or the decision stack)."""
    s.num_players = state.num_players
    for i, p in enumerate(state.players):
        if i == player:
            load_player(&s.players[i], kr, p)
        else:
            for g, space in enumerate(p.track):
                s.players[i].track[g] = space
    for i in range(4):
        s.levels[i], s.rotation[i], s.supply[i] = state.levels[i], state.rotation[i], state.supply[i]
    for t, tile in enumerate(BASE_TILES):
        values = state.base_tiles.get(tile, ())
        s.base_n[t] = len(values)
        for i, value in enumerate(values):
            s.base_vals[t][i] = value
    s.actions_left = state.actions_left
    return 0


cdef int to_command(gk_command *c, tuple command) except -1:
    """A Python command tuple as a C command (commands.py's forms)."""
    kind = COMMAND_IDS[command[0]]
    c.kind, c.a, c.b, c.c = kind, 0, 0, 0
    if kind == 16:  # bonus
        c.a = TILE_IDS[command[1]]
    elif kind == 19:  # gift
        c.a = 2 if command[1] == "storage" else 1
    elif len(command) > 1:  # (collect: True/False as 1/0)
        c.a = command[1]
        if len(command) > 2:
            c.b = command[2]
            if len(command) > 3:
                c.c = command[3]
    return 0
