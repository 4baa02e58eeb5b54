"""Turn rules: legal moves produce the right events; illegal ones name the rule and change nothing."""

from __future__ import annotations

import random

import pytest

from engine.caprices.commands import Command
from engine.caprices.game import GAME
from engine.caprices.state import DISCARD, DRAW, TAKE, State
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand

RULESET = GAME.load_ruleset("standard")
DECK = GAME.initial_state(RULESET, 4, 0).rules.deck


def card(caste: str, value: int) -> int:
    """The id of the first deck card of that caste and value."""
    return DECK.index((caste, value))


PEASANT, ARTISAN, ARTISAN2 = card("peasant", 0), card("artisan", 1), card("artisan", 2)
BOURG, BOURG2, NOBLE, KNIGHT = card("bourgeoise", 2), card("bourgeoise", 3), card("noble", 3), card("knight", 3)
CLERK, MERCHANT = card("clerk", 0), card("merchant", 1)


def position(hand: list[int], zone: list[int]) -> State:
    """A seeded 4-player game at player 0's first draw, with player 0's hand and the Zone arranged.

    Test fixture only: the arranged cards are swapped with wherever they were dealt so the deck stays whole.
    """
    state = GAME.initial_state(RULESET, 4, 0)
    for event in GAME.setup(state, Chance(5)):
        GAME.evolve(state, event)
    places = [state.hands[p] for p in range(4)] + [state.zone, state.pile]
    for target, wanted in ((state.hands[0], hand), (state.zone, zone)):
        for i, c in enumerate(wanted):
            for place in places:
                if c in place:
                    place.remove(c)
            target.insert(i, c)
        while len(target) > len(wanted):
            state.pile.append(target.pop())
    state.pile.sort()
    return state


def play(state: State, command: Command) -> list:
    events = GAME.decide(state, command, Chance(0))
    for event in events:
        GAME.evolve(state, event)
    return events


def assert_illegal(state: State, command: Command, rule: str) -> None:
    before = GAME.fingerprint(state)
    with pytest.raises(IllegalCommand) as info:
        GAME.decide(state, command, Chance(0))
    assert info.value.rule == rule
    assert GAME.fingerprint(state) == before


HAND = [ARTISAN, BOURG, KNIGHT, CLERK, MERCHANT, card("peasant", 5), card("noble", 9)]


def test_recruit_from_zone_then_discard() -> None:
    state = position(HAND, [PEASANT])
    events = play(state, Command(0, "recruit", (PEASANT,)))
    assert [e.TYPE for e in events] == ["turn_taken", "card_recruited"]
    assert events[1].source == "zone" and state.phase == DISCARD
    assert Command(0, "discard", (PEASANT,)) not in GAME.legal_commands(state, 0)
    assert_illegal(state, Command(0, "discard", (PEASANT,)), "no_discard_of_card_just_recruited")
    play(state, Command(0, "discard", (CLERK,)))
    assert CLERK in state.zone and state.current == 1 and state.phase == DRAW


def test_card_drawn_from_the_pile_may_be_discarded() -> None:
    state = position(HAND, [PEASANT])
    unseen = list(state.pile)
    events = play(state, Command(0, "draw_deck"))
    top = events[1].card
    assert top in unseen and top not in state.pile and events[1].source == "deck"
    play(state, Command(0, "discard", (top,)))
    assert state.zone[-1] == top and state.current == 1


def test_rally_a_peasant_places_it_and_skips_the_discard() -> None:
    state = position(HAND, [PEASANT])
    events = play(state, Command(0, "rally", (PEASANT,)))
    assert [e.TYPE for e in events] == ["turn_taken", "card_rallied"]
    assert state.rallied[0] == [PEASANT] and len(state.hands[0]) == 7 and state.current == 1


def test_rally_an_artisan_needs_one_in_hand_and_only_once() -> None:
    no_artisan = position([c for c in HAND if c != ARTISAN] + [PEASANT], [ARTISAN2])
    assert_illegal(no_artisan, Command(0, "rally", (ARTISAN2,)), "rally_artisan_reveals_artisan")
    state = position(HAND, [ARTISAN2])
    state.artisans_rallied[0] = 1
    assert_illegal(state, Command(0, "rally", (ARTISAN2,)), "one_rallied_artisan")
    state.artisans_rallied[0] = 0
    play(state, Command(0, "rally", (ARTISAN2,)))
    assert state.artisans_rallied[0] == 1 and state.rallied[0] == [ARTISAN2]


def test_only_peasants_and_artisans_rally() -> None:
    state = position(HAND, [BOURG2])
    assert_illegal(state, Command(0, "rally", (BOURG2,)), "rally_peasant_or_artisan")


def test_rallied_cards_are_never_discarded() -> None:
    state = position(HAND, [PEASANT, CLERK + 1])
    state.rallied[0] = [card("peasant", 1)]
    play(state, Command(0, "recruit", (CLERK + 1,)))
    assert_illegal(state, Command(0, "discard", (card("peasant", 1),)), "rallied_cards_stay")


def test_noble_turn_needs_a_noble_and_takes_from_the_zone_only() -> None:
    no_noble = position([c for c in HAND if c != card("noble", 9)] + [PEASANT], [BOURG2, CLERK + 1])
    assert_illegal(no_noble, Command(0, "noble", (BOURG,)), "noble_turn_needs_a_noble")
    assert not [c for c in GAME.legal_commands(no_noble, 0) if c.kind == "noble"]
    state = position(HAND, [BOURG2, CLERK + 1])
    events = play(state, Command(0, "noble", (card("noble", 9),)))
    assert [e.TYPE for e in events] == ["turn_taken", "card_discarded"] and events[0].action == "noble"
    assert state.phase == DISCARD and len(GAME.legal_commands(state, 0)) == 6  # any other card of the hand
    assert_illegal(state, Command(0, "bourgeoise", (BOURG, BOURG2)), "one_replacement_per_turn")
    play(state, Command(0, "discard", (CLERK,)))
    assert state.phase == TAKE and state.current == 0
    assert_illegal(state, Command(0, "take_deck"), "noble_takes_from_zone_only")
    assert_illegal(state, Command(0, "take", (CLERK,)), "take_from_zone")  # just discarded (ruleset)
    play(state, Command(0, "take", (BOURG2,)))
    play(state, Command(0, "take", (CLERK + 1,)))
    assert len(state.hands[0]) == 7 and state.current == 1


def test_noble_turn_needs_two_cards_in_the_zone() -> None:
    state = position(HAND, [BOURG2])
    assert_illegal(state, Command(0, "noble", (card("noble", 9),)), "noble_takes_from_zone_only")


def test_bourgeoise_turn_needs_two_bourgeoises() -> None:
    state = position(HAND, [PEASANT])
    assert_illegal(state, Command(0, "bourgeoise", (BOURG, CLERK)), "bourgeoise_turn_needs_two_bourgeoises")
    assert not [c for c in GAME.legal_commands(state, 0) if c.kind == "bourgeoise"]


def test_bourgeoise_turn_takes_from_pile_and_zone_and_allows_one_replacement() -> None:
    hand = [BOURG, BOURG2, KNIGHT, CLERK, MERCHANT, card("noble", 9), card("peasant", 5)]
    state = position(hand, [PEASANT])
    play(state, Command(0, "bourgeoise", (BOURG, BOURG2)))
    assert_illegal(state, Command(0, "noble", (card("noble", 9),)), "one_replacement_per_turn")
    assert_illegal(state, Command(0, "rally", (PEASANT,)), "turn_phase")
    top = play(state, Command(0, "take_deck"))[0].card
    assert top in state.hands[0] and top not in state.pile
    play(state, Command(0, "take", (PEASANT,)))
    assert PEASANT in state.hands[0] and len(state.hands[0]) == 7 and state.current == 1


def test_a_command_names_its_cards_in_the_one_listed_form() -> None:
    # decide accepts exactly the listed commands: a pile draw names no card, a Bourgeoise pair lowest id first
    hand = [BOURG, BOURG2, KNIGHT, CLERK, MERCHANT, card("noble", 9), card("peasant", 5)]
    state = position(hand, [PEASANT])
    pair = Command(0, "bourgeoise", (min(BOURG, BOURG2), max(BOURG, BOURG2)))
    assert pair in GAME.legal_commands(state, 0)
    assert_illegal(state, Command(0, "bourgeoise", pair.cards[::-1]), "card_order")
    assert_illegal(state, Command(0, "draw_deck", (PEASANT,)), "card_count")
    assert_illegal(state, Command(0, "recruit", (PEASANT, PEASANT)), "card_count")


def test_acting_out_of_turn_is_refused() -> None:
    state = position(HAND, [PEASANT])
    assert_illegal(state, Command(1, "recruit", (PEASANT,)), "turn_order")
    assert GAME.legal_commands(state, 1) == []


def test_recruiting_a_card_not_in_the_zone_is_refused() -> None:
    state = position(HAND, [PEASANT])
    assert_illegal(state, Command(0, "recruit", (card("noble", 10),)), "recruit_from_zone")


def test_every_legal_command_is_accepted_through_random_games() -> None:
    rng = random.Random(3)
    for seed in range(5):
        state = GAME.initial_state(RULESET, 2 + seed % 4, seed)
        for event in GAME.setup(state, Chance(seed)):
            GAME.evolve(state, event)
        while (player := GAME.to_move(state)) is not None:
            legal = GAME.legal_commands(state, player)
            for command in legal:
                GAME.decide(state, command, Chance(0))  # must not raise
            play(state, legal[rng.randrange(len(legal))])
        assert state.round == 6


def test_empty_pile_cannot_be_drawn_from() -> None:
    state = position(HAND, [PEASANT])
    state.pile = []  # fixture: every pile card already drawn
    state.row_left = 0
    assert Command(0, "draw_deck") not in GAME.legal_commands(state, 0)
    assert_illegal(state, Command(0, "draw_deck"), "draw_pile_empty")


def test_a_player_who_can_draw_nothing_passes() -> None:
    state = position(HAND, [])
    state.pile, state.row_left = [], 0
    assert GAME.legal_commands(state, 0) == [Command(0, "pass")]
    events = play(state, Command(0, "pass"))
    assert events[0].action == "pass" and state.current == 1
    other = position(HAND, [PEASANT])
    assert_illegal(other, Command(0, "pass"), "pass_only_when_stuck")
