"""Rounds: the holder of the Royal Favour prepares each round; when all have played, the Favour passes left.

Seed, "Playing the Game": "The player holding the Royal Favour token prepares the round: Reveal the leftmost
face-down Subject card and add it ... in the Recruitment Zone. Reveal the leftmost face-down Caprice card (if
any remain)." "End of the Round: When each player has played once, the round ends. If there are still
face-down Subject cards in the row, pass the Royal Favour token to your left-hand neighbour and begin a new
round." "End of the Game: You play a total of 6 rounds per game" (`setup.rounds`), then `end_of_game.py`
scores it (a Joust continues with its next game: `joust_match.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.caprices import events as ev
from engine.caprices.end_of_game import score_events, score_results
from engine.caprices.joust_match import deal_scored_events, match_scored_events
from engine.caprices.state import State
from engine.caprices.turn import Final
from engine.core.chance import Chance
from engine.core.events import Event


def round_start(
    state: State, holder: int, chance: Chance, unseen: list[int] | None = None, new_deal: bool = False,
) -> list[Event]:
    """A round opens: the holder starts, one row card joins the Zone, the next Caprice (if any) turns up.

    Both are drawn now from what is still unseen: the same odds as cards
    dealt face down at setup, and a recorded game names the cards turned up.
    `unseen` overrides the state's unseen cards (at setup, before the hands
    are applied); `new_deal`: the first round of a Joust's next game (the
    state still shows the last game's Caprices).
    """
    rules = state.rules
    row_card = chance.draw("subject", state.pile if unseen is None else unseen)[0]
    events: list[Event] = [ev.RoundStarted(holder), ev.SubjectRevealed(row_card)]
    index = 0 if new_deal else state.caprices_revealed()
    if index < len(rules.bonus_tokens):
        caprice = chance.draw("caprice", state.unrevealed_caprices(new_deal))[0]
        events.append(ev.CapriceRevealed(caprice, index + 1, rules.bonus_tokens[index]))
    return events


def end_of_round(
    state: State, final: Final | None, chance: Chance, unseen: list[int], next_deal: Callable[[], list[Event]],
) -> list[Event]:
    """After the last turn of a round: pass the Royal Favour and start the next round, or score the game.

    `final` is the hand and rallied cards of the player whose turn just ended
    (the state still has the ones before); `unseen` the cards still unseen
    once that turn's draws are out. In a Joust match a scored game is
    followed by `next_deal()` (the next game's setup) or by the match's scores.
    """
    if state.deal_round() < state.rules.rounds:
        holder = (state.favour + 1) % state.num_players
        start = round_start(state, holder, chance, unseen)
        return [ev.RoyalFavourPassed(holder), *start]
    assemblies = [(state.hands[p], state.rallied[p]) for p in range(state.num_players)]
    if final is not None and state.current is not None:
        assemblies[state.current] = final
    results = score_results(state, assemblies)
    if state.deals == 1:
        return score_events(state, results)
    events = deal_scored_events(state, results)
    if state.deal + 1 < state.deals:
        return events + next_deal()
    return events + match_scored_events(state, [e for e in events if isinstance(e, ev.DealScored)])
