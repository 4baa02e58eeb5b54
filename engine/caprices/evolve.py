"""evolve: apply one event to the state (in place). Never fails, never draws, never reads a clock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.caprices import events as ev
from engine.caprices.state import BETWEEN, DISCARD, DRAW, OVER, TAKE, State
from engine.core.events import Event


def evolve(state: State, event: Event) -> State:
    """The state after `event` (the same object, updated)."""
    apply = _APPLY.get(type(event))
    if apply is not None:
        apply(state, event)
    return state


def _end_turn(state: State) -> None:
    """The current player's turn is over: next player, or the round waits for its end events."""
    state.just_taken = None
    state.turn_discards = ()
    state.takes_left = 0
    state.turns_in_round += 1
    if state.turns_in_round == state.num_players:
        state.current, state.phase = None, BETWEEN
    else:
        state.current = (state.current + 1) % state.num_players  # type: ignore[operator]
        state.phase = DRAW


def _deal_started(state: State, e: ev.DealStarted) -> None:
    """A new game of the match: every card is unseen again, nothing of the last game's table carries over."""
    n = state.num_players
    state.deal = e.deal
    state.pile, state.row_left = list(range(len(state.rules.deck))), 0
    state.rallied, state.zone, state.revealed = [[] for _ in range(n)], [], []
    state.artisans_rallied = [0] * n


def _hand_dealt(state: State, e: ev.HandDealt) -> None:
    state.hands[e.player] = list(e.cards)
    state.known[e.player] = []  # a dealt hand is hidden from the others
    _take_unseen(state, e.cards)


def _row_dealt(state: State, e: ev.RowDealt) -> None:
    state.row_left = e.count


def _take_unseen(state: State, cards: tuple[int, ...]) -> None:
    pile = state.pile
    for card in cards:
        pile.remove(card)


def _caprice_revealed(state: State, e: ev.CapriceRevealed) -> None:
    state.revealed.append((e.caprice_id, e.slot, e.bonus))
    if e.slot:
        state.used_caprices.append(e.caprice_id)


def _round_started(state: State, e: ev.RoundStarted) -> None:
    state.round += 1
    state.favour = state.current = e.player
    if state.deal_round() == 1:
        state.deal_first = e.player
    state.phase, state.turns_in_round = DRAW, 0


def _subject_revealed(state: State, e: ev.SubjectRevealed) -> None:
    state.zone.append(e.card)
    state.pile.remove(e.card)
    state.row_left -= 1


def _turn_taken(state: State, e: ev.TurnTaken) -> None:
    state.turn += 1
    state.action = e.action
    if e.action == "bourgeoise":
        state.phase, state.takes_left = TAKE, state.rules.bourgeoise_takes
    elif e.action == "noble":
        state.phase, state.takes_left = DISCARD, state.rules.noble_takes
    elif e.action == "pass":
        _end_turn(state)


def _card_recruited(state: State, e: ev.CardRecruited) -> None:
    if e.source == "zone":
        state.zone.remove(e.card)
        state.known[e.player].append(e.card)
    else:
        state.pile.remove(e.card)
    state.hands[e.player].append(e.card)
    if state.phase == DRAW:
        state.phase = DISCARD
        state.just_taken = e.card if e.source == "zone" else None
    else:
        state.takes_left -= 1
        if not state.takes_left:
            _end_turn(state)


def _card_rallied(state: State, e: ev.CardRallied) -> None:
    state.zone.remove(e.card)
    state.rallied[e.player].append(e.card)
    if state.rules.deck[e.card][0] == "artisan":
        state.artisans_rallied[e.player] += 1
    _end_turn(state)


def _card_discarded(state: State, e: ev.CardDiscarded) -> None:
    state.hands[e.player].remove(e.card)
    state.zone.append(e.card)
    if e.card in state.known[e.player]:
        state.known[e.player].remove(e.card)
    if state.action in ("bourgeoise", "noble"):
        state.turn_discards += (e.card,)
        if state.action == "noble" and len(state.turn_discards) == 2:
            state.phase = TAKE
    elif state.phase == DISCARD:
        _end_turn(state)


def _royal_favour_passed(state: State, e: ev.RoyalFavourPassed) -> None:
    state.favour = e.player


def _player_scored(state: State, e: ev.PlayerScored) -> None:
    state.final_scores[e.player] = e.score
    state.scoring_events.append(e)


def _caprice_met(state: State, e: ev.CapriceMet) -> None:
    state.scoring_events.append(e)


def _deal_scored(state: State, e: ev.DealScored) -> None:
    state.deal_scores.append(e)


def _game_ended(state: State, e: ev.GameEnded) -> None:
    state.phase, state.current = OVER, None


_APPLY: dict[type, Callable[[State, Any], None]] = {
    ev.HandDealt: _hand_dealt, ev.RowDealt: _row_dealt, ev.CapriceRevealed: _caprice_revealed,
    ev.RoundStarted: _round_started,
    ev.SubjectRevealed: _subject_revealed, ev.TurnTaken: _turn_taken, ev.CardRecruited: _card_recruited,
    ev.CardRallied: _card_rallied, ev.CardDiscarded: _card_discarded, ev.RoyalFavourPassed: _royal_favour_passed,
    ev.CapriceMet: _caprice_met, ev.PlayerScored: _player_scored, ev.GameEnded: _game_ended,
    ev.DealStarted: _deal_started, ev.DealScored: _deal_scored,
}
