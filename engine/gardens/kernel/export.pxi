# C states and commands back into Python tuples (core.pyx includes this), for the differential tests: the state in
# the form of `differential.exact`, a command as the Python rules write it.

cdef tuple command_tuple(gk_command *c):
    name = COMMANDS[c.kind]
    if c.kind in (4, 5, 8, 9, 11, 15, 18):  # end, blessing, start, foresight, done, panorama, score
        return (name,)
    if c.kind in (1, 6, 10, 20, 23):  # rotate, sabotage, place, offering, arrange
        return (name, c.a, c.b)
    if c.kind == 12:  # move
        return (name, c.a, c.b, c.c)
    if c.kind == 16:
        return (name, TILES[c.a])
    if c.kind == 19:
        return (name, GIFT_OPTIONS[c.a])
    if c.kind == 24:
        return (name, bool(c.a))
    return (name, c.a)


cdef tuple cards_of(int16_t *cards, int n):
    return tuple([cards[i] for i in range(n)])


cdef tuple export_player(KernelRules kr, gk_player *P):
    pids = list(kr.panorama_ids)
    groundworks = tuple([(P.gw_card[i], tuple([P.gw_placed[i][r] for r in range(4)])) for i in range(P.n_gw)])
    panoramas = tuple([(pids[P.pan_id[i]], P.pan_size[i], cards_of(P.pan_cards[i], P.pan_n[i]))
                       for i in range(P.n_pan)])
    tiles = tuple(sorted((TILES[t], SIDES[P.tiles[t]]) for t in range(GK_CAPRICE_TILES) if P.tiles[t]))
    return (cards_of(P.hand, P.n_hand), groundworks, tuple([P.storage[r] for r in range(4)]), P.capacity, panoramas,
            tuple([P.track[g] for g in range(kr.r.n_gods)]), P.completed, P.largest_panorama, P.extra_rewards,
            P.favor, tuple([TILES[P.bonus_types[i]] for i in range(P.n_bonus)]), tiles)


cdef tuple export_frame(gk_frame *F):
    kind = FRAMES[F.kind]
    if F.kind == 2:
        return (kind, F.player, WILD_SOURCES[F.arg])
    if F.kind == 4:
        return (kind, F.player, cards_of(F.items, F.n))
    if F.kind == 16:
        return (kind, F.player, tuple([tuple([F.items[i + k] for k in range(3)]) for i in range(0, F.n, 3)]))
    if F.kind in (5, 6, 8, 15):  # advance, panorama, draw, place
        return (kind, F.player, F.arg)
    return (kind, F.player)


cdef tuple export(KernelRules kr, gk_state *s):
    if s.err:
        return ("error", s.err)
    base = () if kr.r.caprice else tuple(
        (tile, tuple([s.base_vals[t][i] for i in range(s.base_n[t])])) for t, tile in enumerate(BASE_TILES))
    sabotage = tuple(sorted((i, (s.sab_target[i], s.sab_card[i])) for i in range(4) if s.sab_on[i]))
    return (
        tuple([export_player(kr, &s.players[i]) for i in range(s.num_players)]), cards_of(s.deck, s.n_deck),
        cards_of(s.discard, s.n_discard), cards_of(s.display, s.n_display), tuple([s.levels[i] for i in range(4)]),
        tuple([s.rotation[i] for i in range(4)]), tuple([s.supply[i] for i in range(4)]), base,
        tuple([TILES[s.tile_stack[i]] for i in range(s.n_stack)]),
        tuple([TILES[s.face_up[i]] for i in range(s.n_face_up)]), sabotage,
        tuple([export_frame(&s.todo[i]) for i in range(s.n_todo)]), s.current, s.actions_left, bool(s.end_triggered),
        END_REASONS[s.end_reason], s.round, s.turn, bool(s.turn_pending),
    )
