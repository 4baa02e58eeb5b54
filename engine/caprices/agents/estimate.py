"""A fast estimate of an assembly's end score, for the greedy agent (not for the logged scores).

The exact optimiser (`scoring.py`) searches every Knight target and every
joint Minister caste choice, too slow for the ~300 evaluations a greedy game makes.
This estimate instead builds ONE sensible choice greedily, then scores that
choice exactly (run with Merchants, families with the Clerk bonus, every
Caprice on the final counts):

* each Minister, one at a time, takes the caste (or stays a Minister) whose
  move gains the most: family points plus the bonuses of the Caprices that
  move meets or breaks; on a tie a Merchant (run bonus) or a first Knight
  (enables the Knight transformation) is preferred, when the ruleset gives
  them that use;
* then the Knight, if any, transforms the caste whose move to the Knights
  gains the most in the same sense, and only when that gain is positive: a
  card from the hand (a rallied one too if `knight.takes_rallied`), or a
  Minister turned that caste (if `knight.takes_transformed_minister`) when no
  printed card of it can be taken.

As a real choice it is a lower bound on the exact score, and it equals it when
the assembly holds no Minister and no Knight (one choice only). It falls
short when only two moves together meet a Caprice or a family (one step at a
time sees no gain), or when a Knight-Merchant leaves the run (gains ignore
the run). On 3,000 random 6-10-card assemblies with 0-4 Caprices it equalled
the exact optimum 87% of the time, 1.3 points below it on average.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.caprices.assembly import bonus_merchants
from engine.caprices.conditions import AssemblyFacts, Test
from engine.caprices.knight import KNIGHT_TARGETS, knight_takeable
from engine.caprices.ministers import run_ministers
from engine.caprices.rules import MINISTERS, Card, Rules
from engine.caprices.runs import best_run, run_frame, run_length


def estimate_total(
    cards: Sequence[Card], caprices: Sequence[tuple[str, int]], rules: Rules, rallied: Sequence[Card] = (),
) -> int:
    """The exact score of one greedily chosen Knight/Minister choice (a lower bound on the optimum).

    `cards` are the hand, `rallied` the cards in front of the player (as in `score_assembly`).
    """
    counts: dict[str, int] = {}
    ministers = {"minister_odd": 0, "minister_even": 0}
    merchants: dict[int, int] = {}
    present = set()
    values = []
    for caste, value in (*cards, *rallied) if rallied else cards:
        values.append(value)
        if caste in ministers:
            ministers[caste] += 1
            continue
        counts[caste] = counts.get(caste, 0) + 1
        present.add(value)
        if caste == "merchant":
            merchants[value] = merchants.get(value, 0) + 1
    shift, top = run_frame(rules, present, ministers["minister_odd"] + ministers["minister_even"])
    frozen = frozenset(v + shift for v in present) if shift else frozenset(present)
    earning = bonus_merchants(rules, merchants, [v for c, v in (*cards, *rallied) if c not in ministers])
    merchant_values = frozenset(v + shift for v in earning) if shift else frozenset(earning)
    printed_knight = "knight" in counts
    castes: tuple[tuple[str, str], ...] = ()
    chooser = None
    if printed_knight or ministers["minister_odd"] or ministers["minister_even"]:
        # Caprices some choice can change, checked with every Minister in the run (the usual ruleset).
        in_run = (ministers["minister_odd"], ministers["minister_even"])
        facts = AssemblyFacts(tuple(values), sum(values), run_length(rules, frozen, top, *in_run, 1 + shift))
        chooser = _Chooser(rules, counts, caprices, facts, in_run)
        castes = chooser.ministers(ministers)
        if printed_knight or (rules.transformed_enables_knight and counts.get("knight")):
            target, castes = chooser.knight_target(knight_takeable(rules, cards, rallied), castes)
            if target is not None and target[0] == "merchant" and merchants.get(target[1]) == 1:
                merchant_values = merchant_values - {target[1] + shift}
    return _choice_total(rules, counts, castes, frozen, merchant_values, values, (top, 1 + shift), caprices, chooser)


@lru_cache(maxsize=4096)
def _split_caprices(
    rules: Rules, caprices: tuple[tuple[str, int], ...],
) -> tuple[list[tuple[Test, int]], list[tuple[Test, int, frozenset[str] | None]], frozenset[str] | None]:
    """Caprices no choice changes (test, bonus); the others (test, bonus, castes read); all castes they read."""
    static, tests = [], []
    watched: frozenset[str] | None = frozenset()
    for cid, bonus in caprices:
        caprice = rules.caprices[cid]
        if caprice.static:
            static.append((caprice.test, bonus))
            continue
        tests.append((caprice.test, bonus, caprice.castes_used))
        used = caprice.castes_used
        watched = None if used is None or watched is None else watched | used
    return static, tests, watched


class _Chooser:
    """Greedy, one decision at a time: each gain is family points plus choice-dependent Caprice bonuses."""

    def __init__(self, rules: Rules, counts: dict[str, int], caprices: Sequence[tuple[str, int]],
                 facts: AssemblyFacts, run_ministers: tuple[int, int]) -> None:
        self.rules, self.counts, self.facts, self.run_ministers = rules, counts, facts, run_ministers
        self.family = rules.caste_family
        static, self.tests, self.watched = _split_caprices(rules, tuple(caprices))
        self.static_points = sum(bonus for test, bonus in static if test(counts, facts))
        self.met = [test(counts, facts) for test, _, _ in self.tests]

    def caprice_points(self) -> int:
        """Bonuses of every Caprice met by the counts as chosen (with this chooser's run facts)."""
        return self.static_points + sum(bonus for (_, bonus, _), met in zip(self.tests, self.met) if met)

    def _bonus_change(self, source: str | None, target: str) -> int:
        """Caprice bonus won minus lost by the counts as they are now, for Caprices reading either caste."""
        counts, facts, met = self.counts, self.facts, self.met
        change = 0
        for i, (test, bonus, used) in enumerate(self.tests):
            if used is None or target in used or source in used:
                now = test(counts, facts)
                if now != met[i]:
                    change += bonus if now else -bonus
        return change

    def _gain_of_move(self, source: str | None, target: str) -> int:
        """Points gained by one card leaving `source` (None: a Minister staying) for caste `target`."""
        counts, family = self.counts, self.family
        gain = 0
        if source is not None:
            n = counts[source]
            gain += family[source][n - 1] - family[source][n]
            counts[source] = n - 1
        n = counts.get(target, 0)
        gain += family[target][n + 1] - family[target][n]
        counts[target] = n + 1
        watched = self.watched
        if watched is None or target in watched or source in watched:
            gain += self._bonus_change(source, target)
        counts[target] = n
        if source is not None:
            counts[source] += 1
        return gain

    def _commit(self, source: str | None, target: str) -> None:
        counts, facts, met = self.counts, self.facts, self.met
        if source is not None:
            counts[source] -= 1
        counts[target] = counts.get(target, 0) + 1
        for i, (test, _, used) in enumerate(self.tests):
            if used is None or target in used or source in used:
                met[i] = test(counts, facts)

    def ministers(self, ministers: dict[str, int]) -> tuple[tuple[str, str], ...]:
        """Each Minister's caste in turn; ties prefer a run Merchant or a first Knight where that helps."""
        rules = self.rules
        merchant_helps = rules.transformed_earns_merchant_bonus and rules.keeps_run_value_when_transformed
        castes = []
        for printed in MINISTERS:
            for _ in range(ministers[printed]):
                best, best_gain = "minister", -1
                for caste in ("minister", *rules.minister_castes[printed]):
                    gain = 2 * self._gain_of_move(None, caste)
                    if (caste == "merchant" and merchant_helps) or (
                            caste == "knight" and rules.transformed_enables_knight and not self.counts.get(caste)):
                        gain += 1  # tie-break only: gains are doubled
                    if gain > best_gain:
                        best, best_gain = caste, gain
                self._commit(None, best)
                castes.append((printed, best))
        return tuple(castes)

    def knight_target(
        self, takeable: Sequence[Card], castes: tuple[tuple[str, str], ...],
    ) -> tuple[Card | None, tuple[tuple[str, str], ...]]:
        """Transform the caste gaining the most (non-Merchants first on a tie); None when nothing gains.

        Candidates are the castes of the cards the Knight may take
        (`knight.knight_takeable`) and, when the ruleset allows it, castes
        only a Minister took (that Minister then ends a Knight: returned in
        the updated Minister castes).
        """
        candidates: dict[str, Card | None] = {}
        for card in takeable:
            if card[0] not in candidates:
                candidates[card[0]] = card
        if castes and self.rules.knight_takes_transformed_minister:
            for _, caste in castes:
                if caste in KNIGHT_TARGETS and caste not in candidates:
                    candidates[caste] = None
        best: str | None = None
        best_gain = 0
        for caste in candidates:
            gain = self._gain_of_move(caste, "knight")
            if gain > best_gain or (gain == best_gain and best == "merchant"):
                best, best_gain = caste, gain
        if best is None:
            return None, castes
        self._commit(best, "knight")
        printed = candidates[best]
        if printed is not None:
            return printed, castes
        i = next(i for i, (_, caste) in enumerate(castes) if caste == best)
        return (best, -1), castes[:i] + ((castes[i][0], "knight"),) + castes[i + 1:]


def _choice_total(
    rules: Rules, counts: dict[str, int], castes: tuple[tuple[str, str], ...], present: frozenset[int],
    merchants: frozenset[int], values: list[int], frame: tuple[int, int], caprices: Sequence[tuple[str, int]],
    chooser: _Chooser | None,
) -> int:
    """The exact score of one choice: values, best run with Merchants, families, Caprices met.

    `frame` is (top, where the value 1 lies) in the run frame of `present`.
    The chooser's Caprice results are reused when its run facts are this choice's (same run Ministers).
    """
    top, one = frame
    run_odd, run_even, merchant_odd, merchant_even = run_ministers(rules, castes)
    run, in_run, _, _ = best_run(rules, present, merchants, top, run_odd, run_even, merchant_odd, merchant_even, one)
    family = rules.caste_family
    total = sum(values) + run + in_run * rules.merchant_bonus
    for caste, n in counts.items():
        total += family[caste][n]
    if chooser is not None and chooser.run_ministers == (run_odd, run_even):
        total += chooser.caprice_points()
    elif caprices:
        facts = AssemblyFacts(tuple(values), sum(values), run_length(rules, present, top, run_odd, run_even, one))
        total += sum(bonus for cid, bonus in caprices if rules.caprices[cid].test(counts, facts))
    return total
