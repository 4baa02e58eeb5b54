"""The state of one game, what each player may see of it, and the re-deal of what a player cannot see."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.caprices.rules import Rules
from engine.core.events import Event

DRAW, DISCARD, TAKE, BETWEEN, OVER = "draw", "discard", "take", "between", "over"
"""Turn phases: draw (recruit/rally/replacement), discard after a recruit, takes of a replacement turn."""


class State:
    """Everything about one game; changed only by `evolve.evolve`."""

    __slots__ = (
        "rules", "num_players", "round", "turn", "clock_ms", "pile", "row_left", "hands", "rallied", "zone",
        "revealed", "favour", "current", "phase",
        "turns_in_round", "action", "just_taken", "takes_left", "turn_discards", "artisans_rallied", "final_scores",
        "scoring_events", "deals", "deal", "deal_first", "used_caprices", "deal_scores", "known",
    )

    def __init__(self, rules: Rules, num_players: int, deals: int = 1) -> None:
        self.rules = rules
        self.num_players = num_players
        self.deals = deals
        """Games in the match: 1, or the Joust's `joust.deals` (game `caprices-joust`)."""
        self.deal = 0
        """The game of the match being played (0-based); `round` counts the rounds of the whole match."""
        self.deal_first = 0
        """Who held the Royal Favour in the first round of this game."""
        self.used_caprices: list[str] = []
        """Face-down Caprices turned up by every game of the match so far."""
        self.deal_scores: list[Any] = []
        """The `deal_scored` events of the match's finished games (Joust)."""
        self.round = self.turn = 0
        self.clock_ms = 0  # unused by this turn-based game; the core driver copies it into each event's envelope
        # cards nobody has seen: the draw pile and the face-down row, in no order (sorted). Which one
        # comes out is drawn when it is revealed (`Chance.draw`), so a recorded game can say which it was.
        self.pile: list[int] = list(range(len(rules.deck)))
        self.row_left = 0  # face-down row cards (part of `pile`)
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.rallied: list[list[int]] = [[] for _ in range(num_players)]
        self.zone: list[int] = []
        self.revealed: list[tuple[str, int, int]] = []
        self.favour = 0
        self.current: int | None = None
        self.phase = BETWEEN
        self.turns_in_round = 0
        self.action = ""
        self.just_taken: int | None = None
        self.takes_left = 0
        self.turn_discards: tuple[int, ...] = ()
        self.artisans_rallied = [0] * num_players
        self.final_scores: list[int] = [0] * num_players
        # the end-scoring events as logged, so the sealed digest covers every score component
        self.scoring_events: list[Event] = []
        # the cards of each hand that every player saw enter it (taken face up from the Zone), in the order
        # taken: public knowledge, which a re-deal of the hidden cards must keep (`resample_hidden`)
        self.known: list[list[int]] = [[] for _ in range(num_players)]

    def copy(self) -> State:
        """An independent copy (lists copied, rules shared)."""
        new = State.__new__(State)
        for name in State.__slots__:
            setattr(new, name, getattr(self, name))
        new.pile, new.zone = list(self.pile), list(self.zone)
        new.hands = [list(h) for h in self.hands]
        new.rallied = [list(r) for r in self.rallied]
        new.revealed = list(self.revealed)
        new.artisans_rallied, new.final_scores = list(self.artisans_rallied), list(self.final_scores)
        new.scoring_events = list(self.scoring_events)
        new.used_caprices, new.deal_scores = list(self.used_caprices), list(self.deal_scores)
        new.known = [list(k) for k in self.known]
        return new

    def deal_round(self) -> int:
        """The round within the current game (1-based once it started)."""
        return self.round - self.deal * self.rules.rounds

    def pile_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self.pile) - self.row_left

    def caprices_revealed(self) -> int:
        """Face-down Caprices turned up so far."""
        return sum(1 for _, slot, _ in self.revealed if slot > 0)

    def unrevealed_caprices(self, new_deal: bool = False) -> list[str]:
        """The non-common Caprices that may turn up next: not face up in this game and, unless the Joust
        reuses them (`joust.reuse_caprices`), not shown by an earlier game of the match.

        `new_deal`: for the next game of a Joust, decided while the state still shows the last game.
        """
        seen = set() if new_deal else {cid for cid, _, _ in self.revealed}
        if not self.rules.joust_reuse_caprices:
            seen.update(self.used_caprices)
        return [cid for cid in self.rules.caprices if cid not in seen]

    def caprices_in_play(self) -> tuple[tuple[str, int], ...]:
        """The revealed non-common Caprices with their bonus."""
        return tuple((cid, bonus) for cid, slot, bonus in self.revealed if slot > 0)

    def fingerprint(self) -> tuple[object, ...]:
        """Primitive structure of everything that matters (hashed into the digest).

        Card lists are rendered as strings: the digest's canonical form then
        needs no walk over each card, which keeps sealing a game cheap.
        """
        return (
            self.num_players, self.round, self.turn, repr(self.pile), repr(self.hands),
            repr(self.rallied), repr(self.zone), self.row_left, repr(self.revealed), self.favour, self.current,
            self.phase, self.turns_in_round, self.action, self.just_taken, self.takes_left, repr(self.turn_discards),
            repr(self.artisans_rallied), repr(self.final_scores), repr(self.scoring_events),
            self.deals, self.deal, self.deal_first, repr(self.used_caprices), repr(self.deal_scores),
        )


class View(NamedTuple):
    """What one player may see: no opponent hand (but the cards seen entering it), no face-down card, no pile order."""

    player: int
    rules: Rules
    hand: tuple[int, ...]
    rallied: tuple[tuple[int, ...], ...]
    known: tuple[tuple[int, ...], ...]
    zone: tuple[int, ...]
    caprices: tuple[tuple[str, int, int], ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    hidden_row: int
    round: int
    phase: str
    action: str
    just_taken: int | None
    takes_left: int
    deal: int
    """The game of the match (0 unless a Joust)."""
    match_scores: tuple[int, ...]
    """Each player's total over the match's finished games (Joust; empty otherwise)."""


def view_of(state: State, player: int) -> View:
    """The player's view of the state (built with `tuple.__new__`: one view per decision, a hot path)."""
    mine = state.current == player
    return _new_tuple(View, (
        player, state.rules, tuple(state.hands[player]), tuple(map(tuple, state.rallied)),
        tuple(map(tuple, state.known)), tuple(state.zone),
        tuple(state.revealed), tuple(map(len, state.hands)), len(state.pile) - state.row_left,
        state.row_left,
        state.round, state.phase if mine else BETWEEN, state.action,
        state.just_taken if mine else None, state.takes_left, state.deal, _match_scores(state),
    ))


def _match_scores(state: State) -> tuple[int, ...]:
    if not state.deal_scores:
        return ()
    totals = [0] * state.num_players
    for scored in state.deal_scores:
        totals[scored.player] += scored.score
    return tuple(totals)


_new_tuple = tuple.__new__


def resample_hidden(state: State, player: int, rng: random.Random) -> State:
    """Opponents' unseen cards re-dealt from everything `player` has not seen, sizes kept.

    Cards an opponent was seen to take from the Zone stay in that hand. The
    pool is sorted before the deal so the result depends only on what
    `player` sees and on `rng`, never on where the hidden cards really are.
    Only the dealt cards are drawn (a partial Fisher-Yates: a search makes one
    re-deal per iteration, and shuffling the whole pool was a tenth of it).
    The pile, the face-down row and the face-down Caprices hold no order: what
    comes out of them is drawn when it is revealed, so they need no resampling.
    """
    new = state.copy()
    others = [p for p in range(state.num_players) if p != player]
    sizes = [len(new.hands[p]) - len(new.known[p]) for p in others]
    pool = [c for p in others for c in new.hands[p] if c not in new.known[p]]
    pool += new.pile
    pool.sort()
    left = len(pool)
    draw = rng.random
    for p, size in zip(others, sizes):
        hand = list(new.known[p])
        for _ in range(size):  # a partial Fisher-Yates: only the dealt cards cost a random number
            i = int(draw() * left)
            left -= 1
            hand.append(pool[i])
            pool[i] = pool[left]
        new.hands[p] = hand
    del pool[left:]
    pool.sort()
    new.pile = pool
    return new
