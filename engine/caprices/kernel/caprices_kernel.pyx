# cython: language_level=3
"""Glue between the Python agents of Les caprices du roi and the C kernel (`c/`): the ruleset converted once per
`Rules`, the view and the legal commands once per decision, and the decision handed back as one of the commands
the driver passed (so the log is the one the Python agent writes)."""
from libc.math cimport INFINITY
from libc.stdlib cimport calloc
from libc.string cimport memcpy

import numpy as np

from engine.caprices.agents.greedy import blind_value
from engine.caprices.conditions import FAMILY_MIN
from engine.caprices.rules import FINAL_CASTES, MINISTERS, PRINTED_CASTES, RUN_VALUES

cdef extern from "rules.h":
    enum: CK_DECK, CK_FINAL, CK_VALUES, CK_FAMILY, CK_MAX_CAPRICES, CK_MAX_NODES, CK_FEATURES
    enum: C_ALL, C_ANY, C_NOT, C_CASTE, C_VALUES_AT_LEAST, C_VALUES_AT_MOST, C_VALUE_SUM, C_RUN_LENGTH, C_CARDS
    enum: C_DISTINCT_CASTES, C_LARGEST_FAMILY, C_FAMILIES
    ctypedef struct CkNode:
        int type, arg, children, size
        long long low, high
    ctypedef struct CkCaprice:
        CkNode nodes[CK_MAX_NODES]
        int is_static
        unsigned used
    ctypedef struct CkRules:
        int printed[CK_DECK]
        int value[CK_DECK]
        int final_of_printed[9]
        int family[CK_FINAL][CK_FAMILY]
        int run_points[CK_VALUES + 2]
        int shortest, merchant_bonus, merchant_on_shared_value
        int minister_castes[2][CK_FINAL]
        int minister_caste_count[2]
        int knight_takes_rallied, knight_takes_transformed_minister, run_values, top_value
        int transformed_enables_knight, transformed_earns_merchant_bonus, keeps_run_value_when_transformed
        int printed_one_in_run, rounds, caprice_count
        unsigned long long knight_enablers
        double blind
        CkCaprice caprices[CK_MAX_CAPRICES]
    ctypedef struct CkInPlay:
        int id, bonus
    ctypedef struct CkView:
        int player, players, round, deal, takes_left
        const int *hand
        int hand_count
        const int *rallied
        int rallied_count
        const int *next_known
        int next_known_count
        const int *next_rallied
        int next_rallied_count
        const CkInPlay *caprices
        int caprice_count
    ctypedef struct CkCommand:
        int kind, card_count
        int cards[2]
    int ck_estimate_total(const CkRules *r, const int *hand, int hand_count, const int *rallied, int rallied_count,
                          const CkInPlay *caprices, int caprice_count)
    int ck_assembly_estimate(const CkRules *r, const int *hand, int hand_count, const int *rallied,
                             int rallied_count, const CkInPlay *caprices, int caprice_count)
    double ck_greedy_value(const CkRules *r, const CkView *view, const CkCommand *command)
    void ck_features(const CkRules *r, const CkView *view, const CkCommand *commands, int count, double *rows)
    int ck_distilled_choice(const double *rows, int count, const double *weights)

DEF MAX_COMMANDS = 256
LEGAL_LIMIT = MAX_COMMANDS
"""The most legal commands one decision may have (the agents decide a longer list in Python)."""
cdef long long NO_BOUND = 1LL << 62
KINDS = {kind: code for code, kind in enumerate(
    ("recruit", "draw_deck", "rally", "bourgeoise", "noble", "discard", "take", "take_deck", "pass"))}
MEASURES = {"value_sum": C_VALUE_SUM, "run_length": C_RUN_LENGTH, "cards": C_CARDS,
            "distinct_castes": C_DISTINCT_CASTES, "largest_family": C_LARGEST_FAMILY, "families": C_FAMILIES}
assert FAMILY_MIN == 3  # c/conditions.c counts families from 3 cards


class Unsupported(ValueError):
    """A ruleset beyond the kernel's fixed sizes: the agents play it in Python."""


cdef class KernelRules:
    """One compiled `Rules` in the kernel's form. Its C struct is never freed: the estimate memo (c/greedy.c) is
    keyed by its address, which must not come back for other rules."""
    cdef CkRules *c
    cdef readonly object rules
    cdef dict caprice_index

    def __init__(self, rules):
        self.rules = rules
        self.c = <CkRules *>calloc(1, sizeof(CkRules))
        if self.c == NULL:
            raise MemoryError()
        _fill_rules(self.c, rules)
        self.caprice_index = {cid: i for i, cid in enumerate(rules.caprices)}


cdef void _fill_rules(CkRules *c, object rules) except *:
    deck = rules.deck
    ministers = sum(1 for caste, _ in deck if caste in MINISTERS)
    if len(deck) != CK_DECK or rules.top_value + 2 * ministers + 4 >= CK_VALUES:
        raise Unsupported(f"{rules.name}: a deck of {len(deck)} cards up to {rules.top_value}")
    if len(rules.caprices) > CK_MAX_CAPRICES:
        raise Unsupported(f"{rules.name}: {len(rules.caprices)} Caprices")
    cdef int i, n
    cdef unsigned long long enablers = 0
    for i, (caste, value) in enumerate(deck):
        c.printed[i] = PRINTED_CASTES.index(caste)
        c.value[i] = value
        if i in rules.knight_enablers:
            enablers |= 1ULL << i
    c.knight_enablers = enablers
    for i, caste in enumerate(PRINTED_CASTES):
        c.final_of_printed[i] = FINAL_CASTES.index("minister" if caste in MINISTERS else caste)
    for i, caste in enumerate(FINAL_CASTES):
        for n in range(CK_FAMILY):
            c.family[i][n] = rules.caste_family[caste][n]
    for n in range(CK_VALUES + 2):
        c.run_points[n] = rules.run_points(n)
    c.shortest = min(rules.order_points)
    c.merchant_bonus = rules.merchant_bonus
    c.merchant_on_shared_value = rules.merchant_on_shared_value
    for i, minister in enumerate(MINISTERS):
        castes = rules.minister_castes[minister]
        if len(castes) > CK_FINAL:
            raise Unsupported(f"{rules.name}: {len(castes)} castes for {minister}")
        c.minister_caste_count[i] = len(castes)
        for n, caste in enumerate(castes):
            c.minister_castes[i][n] = FINAL_CASTES.index(caste)
    c.knight_takes_rallied = rules.knight_takes_rallied
    c.knight_takes_transformed_minister = rules.knight_takes_transformed_minister
    c.run_values = RUN_VALUES.index(rules.run_values)
    c.top_value = rules.top_value
    c.transformed_enables_knight = rules.transformed_enables_knight
    c.transformed_earns_merchant_bonus = rules.transformed_earns_merchant_bonus
    c.keeps_run_value_when_transformed = rules.keeps_run_value_when_transformed
    c.printed_one_in_run = rules.printed_one_in_run
    c.rounds = rules.rounds
    c.blind = blind_value(rules)
    c.caprice_count = len(rules.caprices)
    for i, (cid, caprice) in enumerate(rules.caprices.items()):
        nodes = []
        _compile_condition(rules.source[f"caprices.{cid}.condition"], nodes)
        if len(nodes) > CK_MAX_NODES:
            raise Unsupported(f"{rules.name}: the condition of {cid} has {len(nodes)} parts")
        for n, node in enumerate(nodes):
            c.caprices[i].nodes[n].type, c.caprices[i].nodes[n].arg = node[0], node[1]
            c.caprices[i].nodes[n].low, c.caprices[i].nodes[n].high = node[2], node[3]
            c.caprices[i].nodes[n].children, c.caprices[i].nodes[n].size = node[4], node[5]
        c.caprices[i].is_static = caprice.static
        used = caprice.castes_used
        c.caprices[i].used = 0xFF if used is None else sum(1 << FINAL_CASTES.index(k) for k in used)


def _compile_condition(node, list out):
    """The checked condition tree in prefix order: [type, arg, low, high, children, size] per node."""
    here = len(out)
    entry = [C_CASTE, 0, node.get("min", 0), node.get("max", NO_BOUND), 0, 1]
    out.append(entry)
    if "all" in node or "any" in node:
        items = node["all"] if "all" in node else node["any"]
        entry[0], entry[4] = (C_ALL if "all" in node else C_ANY), len(items)
        for item in items:
            _compile_condition(item, out)
    elif "not" in node:
        entry[0], entry[4] = C_NOT, 1
        _compile_condition(node["not"], out)
    elif "has" in node:
        entry[1:4] = [FINAL_CASTES.index(node["has"]), 1, NO_BOUND]
    elif "lacks" in node:
        entry[1:4] = [FINAL_CASTES.index(node["lacks"]), 0, 0]
    elif "caste" in node:
        entry[1] = FINAL_CASTES.index(node["caste"])
    elif "values_at_least" in node or "values_at_most" in node:
        entry[0] = C_VALUES_AT_LEAST if "values_at_least" in node else C_VALUES_AT_MOST
        entry[1] = node.get("values_at_least", node.get("values_at_most"))
    else:
        entry[0] = MEASURES[node["measure"]]
    entry[5] = len(out) - here


_RULES: dict = {}


def kernel_rules(rules):
    """The kernel's form of `rules` (built once); raises Unsupported for a ruleset beyond its sizes."""
    held = _RULES.get(id(rules))
    if held is None or held.rules is not rules:
        held = _RULES[id(rules)] = KernelRules(rules)
    return held


cdef struct Decision:
    CkView view
    int hand[CK_DECK]
    int rallied[CK_DECK]
    int next_known[CK_DECK]
    int next_rallied[CK_DECK]
    CkInPlay caprices[CK_MAX_CAPRICES]
    CkCommand commands[MAX_COMMANDS]
    int count


cdef int _cards(object cards, int *out) except -1:
    cdef int n = 0
    for card in cards:
        out[n] = card
        n += 1
    return n


cdef void _read_view(Decision *d, KernelRules kr, object named) except *:
    """View fields by position (state.View): player 0, hand 2, rallied 3, known 4, caprices 6, hand_sizes 7,
    round 10, takes_left 14, deal 15."""
    cdef tuple view = <tuple>named  # a View is a NamedTuple: read by position
    cdef int player = view[0]
    cdef int players = len(<tuple>view[7])
    cdef int other = (player + 1) % players
    rallied, known = <tuple>view[3], <tuple>view[4]
    d.view.player, d.view.players = player, players
    d.view.round, d.view.takes_left, d.view.deal = view[10], view[14], view[15]
    d.view.hand, d.view.hand_count = d.hand, _cards(view[2], d.hand)
    d.view.rallied, d.view.rallied_count = d.rallied, _cards(rallied[player], d.rallied)
    d.view.next_known, d.view.next_known_count = d.next_known, _cards(known[other], d.next_known)
    d.view.next_rallied, d.view.next_rallied_count = d.next_rallied, _cards(rallied[other], d.next_rallied)
    cdef int n = 0
    index = kr.caprice_index
    for cid, slot, bonus in <tuple>view[6]:
        if slot > 0:
            d.caprices[n].id = index[cid]
            d.caprices[n].bonus = bonus
            n += 1
    d.view.caprices, d.view.caprice_count = d.caprices, n


cdef int _read_commands(Decision *d, object legal) except -1:
    if len(legal) > MAX_COMMANDS:
        raise Unsupported(f"{len(legal)} legal commands")
    cdef int i = 0
    for command in legal:
        d.commands[i].kind = KINDS[command[1]]
        cards = <tuple>command[2]
        d.commands[i].card_count = len(cards)
        if len(cards) >= 1:
            d.commands[i].cards[0] = cards[0]
        if len(cards) >= 2:
            d.commands[i].cards[1] = cards[1]
        i += 1
    d.count = i
    return i


cdef Decision _decision


def greedy_values(KernelRules kr, view, legal):
    """greedy.greedy_value of each legal command."""
    _read_view(&_decision, kr, view)
    _read_commands(&_decision, legal)
    return [ck_greedy_value(kr.c, &_decision.view, &_decision.commands[i]) for i in range(_decision.count)]


def greedy_choice(KernelRules kr, view, legal, rng):
    """The core GreedyAgent's choice: the best value, ties broken by rng.randrange (the same draw)."""
    _read_view(&_decision, kr, view)
    _read_commands(&_decision, legal)
    cdef double value, best_value = -INFINITY
    cdef int i, ties = 0
    cdef int best[MAX_COMMANDS]
    for i in range(_decision.count):
        value = ck_greedy_value(kr.c, &_decision.view, &_decision.commands[i])
        if value > best_value:
            best_value, best[0], ties = value, i, 1
        elif value == best_value:
            best[ties] = i
            ties += 1
    return legal[best[rng.randrange(ties)]] if ties > 1 else legal[best[0]]


def features(KernelRules kr, view, legal):
    """features.features: one row of FEATURES per legal command."""
    _read_view(&_decision, kr, view)
    _read_commands(&_decision, legal)
    rows = np.zeros((_decision.count, CK_FEATURES))
    cdef double[:, ::1] out = rows
    ck_features(kr.c, &_decision.view, _decision.commands, _decision.count, &out[0, 0])
    return rows


cdef class Policy:
    """The distilled policy of one ruleset: its kernel rules and the weights the Python agent would use."""
    cdef readonly KernelRules rules
    cdef readonly object weights
    cdef double w[CK_FEATURES]

    def __init__(self, KernelRules kr, weights):
        if len(weights) != CK_FEATURES:
            raise Unsupported(f"{len(weights)} weights")
        self.rules, self.weights = kr, weights
        for i in range(CK_FEATURES):
            self.w[i] = weights[i]

    def choose(self, view, legal):
        """distilled's choice: argmax of features @ weights (a near tie is numpy's own to decide)."""
        cdef double rows[MAX_COMMANDS * CK_FEATURES]
        _read_view(&_decision, self.rules, view)
        _read_commands(&_decision, legal)
        ck_features(self.rules.c, &_decision.view, _decision.commands, _decision.count, rows)
        cdef int best = ck_distilled_choice(rows, _decision.count, self.w)
        if best >= 0:
            return legal[best]
        matrix = np.zeros((_decision.count, CK_FEATURES))
        cdef double[:, ::1] out = matrix
        memcpy(&out[0, 0], rows, _decision.count * CK_FEATURES * sizeof(double))
        return legal[int(np.argmax(matrix @ self.weights))]


def estimate(KernelRules kr, hand, rallied, caprices, bint canonical):
    """The estimate of card ids (Caprices as (id, bonus) pairs): greedy.assembly_estimate when `canonical`
    (rallied cards moved as the memo does, memoised), else agents/estimate.estimate_total of the cards as given."""
    cdef int h[CK_DECK]
    cdef int r[CK_DECK]
    cdef CkInPlay inplay[CK_MAX_CAPRICES]
    for i, (cid, bonus) in enumerate(caprices):
        inplay[i].id, inplay[i].bonus = kr.caprice_index[cid], bonus
    if canonical:
        return ck_assembly_estimate(kr.c, h, _cards(hand, h), r, _cards(rallied, r), inplay, len(caprices))
    return ck_estimate_total(kr.c, h, _cards(hand, h), r, _cards(rallied, r), inplay, len(caprices))
