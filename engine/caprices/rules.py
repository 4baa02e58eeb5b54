"""Rules as functions: setup, legal commands, decide (validate -> events) and evolve (apply one event).

A turn is one or more decisions by the same player: a draw decision (recruit
from the Zone, draw the top of the pile, rally, or a Bourgeoise/Noble turn),
then a discard after a recruit, or the takes of a replacement turn (a Noble
turn discards its Noble, then the other card as a separate decision). The last
decision of a round also yields the next round's reveals, or the end scoring.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from engine.caprices import events as ev
from engine.caprices.cards import COMMON_CAPRICES, DECK_SIZE, RALLYABLE
from engine.caprices.endgame import end_of_round, round_start
from engine.caprices.state import DISCARD, DRAW, TAKE, Command, State
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event


def setup(state: State, chance: Chance) -> list[Event]:
    """Deal hands, lay the face-down row, show the common Caprices, deal the King aid (if at random), start round 1.

    Cards are drawn as they are dealt (a recorded game names each hand); the
    row and the face-down Caprices are drawn when they turn up.
    """
    return deal_setup(state, chance, 0)


def deal_setup(state: State, chance: Chance, deal: int) -> list[Event]:
    """The setup of one game (deal) of the match: the first, or the next one of a Joust (`deal_started` first).

    For a later game the state still holds the last one's table: only the
    match so far is read from it (who started the last game, which Caprices
    the match has shown); every card is unseen again.
    """
    rules = state.rules
    unseen = list(range(len(rules.deck))) if deal else list(state.pile)
    events: list[Event] = [ev.DealStarted(deal)] if state.deals > 1 else []
    for player in range(state.num_players):
        hand = chance.draw("hand", unseen, rules.hand_size)
        events.append(ev.HandDealt(player, tuple(hand)))
        dealt = set(hand)  # a set: this runs over the whole deck for every hand of every game
        unseen = [c for c in unseen if c not in dealt]
    events.append(ev.RowDealt(rules.row_size))
    events += [ev.CapriceRevealed(cid, 0, 0) for cid in COMMON_CAPRICES]
    if deal and rules.joust_next_first == "left":
        first = (state.deal_first + 1) % state.num_players
    elif rules.first_player == "random":
        first = chance.draw("king_aid", range(state.num_players))[0]
        events.append(ev.KingAidDealt(first))
    else:
        first = 0
    events += round_start(state, first, chance, unseen, new_deal=deal > 0)
    return events


def legal_commands(state: State, player: int) -> list[Command]:
    """Every command `player` may give now (never empty while it is their turn)."""
    if state.current != player:
        return []
    phase = state.phase
    if phase == DISCARD:
        discard, just_taken = _commands_of(player).discard, state.just_taken
        return [discard[c] for c in state.hands[player] if c != just_taken]
    if phase == TAKE:
        return _take_commands(state, player)
    return _draw_commands(state, player)


class _PlayerCommands(NamedTuple):
    """One player's commands, built once and shared (commands are immutable): per card id, or plain."""

    recruit: tuple[Command, ...]
    rally: tuple[Command, ...]
    discard: tuple[Command, ...]
    noble: tuple[Command, ...]
    take: tuple[Command, ...]
    draw_deck: Command
    take_deck: Command
    pass_: Command


_TABLES: list[_PlayerCommands] = []


def _commands_of(player: int) -> _PlayerCommands:
    """The command table of a seat (grown on first use)."""
    while len(_TABLES) <= player:
        seat = len(_TABLES)
        def one_card(kind: str, seat: int = seat) -> tuple[Command, ...]:
            return tuple(Command(seat, kind, (card,)) for card in range(DECK_SIZE))

        _TABLES.append(_PlayerCommands(
            one_card("recruit"), one_card("rally"), one_card("discard"), one_card("noble"), one_card("take"),
            Command(seat, "draw_deck"), Command(seat, "take_deck"), Command(seat, "pass"),
        ))
    return _TABLES[player]


def _draw_commands(state: State, player: int) -> list[Command]:
    rules, hand, zone = state.rules, state.hands[player], state.zone
    castes = rules.castes
    commands = _commands_of(player)
    recruit = commands.recruit
    out = [recruit[c] for c in zone]
    pile_size = state.pile_size()
    if pile_size:
        out.append(commands.draw_deck)
    hand_castes = [castes[c] for c in hand]
    artisan_ok = "artisan" in hand_castes and state.artisans_rallied[player] < rules.max_rallied_artisans
    rally = commands.rally
    for c in zone:
        caste = castes[c]
        if caste == "peasant" or (caste == "artisan" and artisan_ok):
            out.append(rally[c])
    if hand_castes.count("bourgeoise") >= 2 and len(zone) + pile_size >= rules.bourgeoise_takes:
        bourgeoises = sorted(c for c in hand if castes[c] == "bourgeoise")
        out += [Command(player, "bourgeoise", pair) for pair in combinations(bourgeoises, 2)]
    if "noble" in hand_castes and len(zone) >= rules.noble_takes:
        noble = commands.noble
        out += [noble[c] for c in hand if castes[c] == "noble"]
    return out or [commands.pass_]


def _take_commands(state: State, player: int) -> list[Command]:
    commands = _commands_of(player)
    take = commands.take
    out = [take[c] for c in _takeable(state)]
    if state.action == "bourgeoise" and state.pile_size():
        out.append(commands.take_deck)
    return out


def _takeable(state: State) -> list[int]:
    if state.rules.replacement_discards_takeable:
        return list(state.zone)
    return [c for c in state.zone if c not in state.turn_discards]


def decide(state: State, command: Command, chance: Chance) -> list[Event]:
    """Check a command against the rules and return its events (the state is not changed)."""
    player = command.player
    if state.current is None or player != state.current:
        raise IllegalCommand("turn_order", f"it is not player {player}'s turn (to move: {state.current})")
    kind = command.kind
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalCommand("command_kind", f"unknown command {kind!r}; known: {', '.join(_HANDLERS)}")
    _check_form(command)
    events, turn_over, final = handler(state, command, chance)
    if turn_over and state.turns_in_round + 1 == state.num_players:
        events += end_of_round(state, final, chance, _unseen_after(state, events),
                               lambda: deal_setup(state, chance, state.deal + 1))
    return events


def _unseen_after(state: State, events: list[Event]) -> list[int]:
    """The unseen cards once this decision's draws from the pile are out (the state does not have them yet)."""
    drawn = [e.card for e in events if isinstance(e, ev.CardRecruited) and e.source == "deck"]
    return [c for c in state.pile if c not in drawn]


Final = tuple[list[int], list[int]]
"""A player's hand and rallied cards."""
Decision = tuple[list[Event], bool, Final | None]
"""(events, whether the turn ends, the player's hand and rallied cards after the turn if it ends the game)."""


def _last_turn(state: State) -> bool:
    """Whether the current turn is the game's last (only then is the final assembly needed, for scoring)."""
    return state.turns_in_round + 1 == state.num_players and state.deal_round() >= state.rules.rounds


def _card(state: State, card: int) -> tuple[str, int]:
    return state.rules.deck[card]


def _need_phase(state: State, kind: str, phase: str) -> None:
    if state.phase != phase:
        if phase == DRAW and state.action in ("bourgeoise", "noble") and kind in ("bourgeoise", "noble"):
            raise IllegalCommand("one_replacement_per_turn", "a Bourgeoise or Noble turn was already used this turn")
        raise IllegalCommand("turn_phase", f"{kind!r} is not possible in the {state.phase!r} step of the turn")


def _recruit(state: State, command: Command, chance: Chance) -> Decision:
    _need_phase(state, "recruit", DRAW)
    card = _one(command)
    if card not in state.zone:
        raise IllegalCommand("recruit_from_zone", f"card {card} is not face up in the Recruitment Zone")
    p = command.player
    return [ev.TurnTaken(p, "recruit"), ev.CardRecruited(p, card, "zone")], False, None


def _draw_deck(state: State, command: Command, chance: Chance) -> Decision:
    _need_phase(state, "draw_deck", DRAW)
    if not state.pile_size():
        raise IllegalCommand("draw_pile_empty", "the draw pile is empty; recruit from the Zone instead")
    card = _top_of_pile(state, chance)
    p = command.player
    return [ev.TurnTaken(p, "recruit"), ev.CardRecruited(p, card, "deck")], False, None


def _top_of_pile(state: State, chance: Chance) -> int:
    """The card that comes off the pile, drawn now from the unseen cards."""
    return chance.draw("deck", state.pile)[0]


def _rally(state: State, command: Command, chance: Chance) -> Decision:
    _need_phase(state, "rally", DRAW)
    card, p = _one(command), command.player
    if card not in state.zone:
        raise IllegalCommand("rally_from_zone", f"card {card} is not face up in the Recruitment Zone")
    caste = _card(state, card)[0]
    if caste not in RALLYABLE:
        raise IllegalCommand("rally_peasant_or_artisan", f"card {card} is a {caste}; only Peasants and Artisans rally")
    if caste == "artisan":
        if state.artisans_rallied[p] >= state.rules.max_rallied_artisans:
            raise IllegalCommand("one_rallied_artisan", f"player {p} already rallied an Artisan this game")
        if not any(_card(state, c)[0] == "artisan" for c in state.hands[p]):
            raise IllegalCommand("rally_artisan_reveals_artisan", "rallying an Artisan needs an Artisan in hand")
    events: list[Event] = [ev.TurnTaken(p, "rally"), ev.CardRallied(p, card, )]
    return events, True, (state.hands[p], state.rallied[p] + [card]) if _last_turn(state) else None


def _bourgeoise(state: State, command: Command, chance: Chance) -> Decision:
    _need_phase(state, "bourgeoise", DRAW)
    p, cards = command.player, command.cards
    if len(cards) != 2 or cards[0] == cards[1] or any(
            c not in state.hands[p] or _card(state, c)[0] != "bourgeoise" for c in cards):
        raise IllegalCommand("bourgeoise_turn_needs_two_bourgeoises", "discard 2 different Bourgeoises from hand")
    if len(state.zone) + state.pile_size() < state.rules.bourgeoise_takes:
        raise IllegalCommand("bourgeoise_turn_needs_cards", "not enough cards in the Zone and pile to take")
    return _replacement(state, p, "bourgeoise", cards), False, None


def _noble(state: State, command: Command, chance: Chance) -> Decision:
    """Discard a Noble now; the other card is the next decision (a discard), then the takes."""
    _need_phase(state, "noble", DRAW)
    p, cards = command.player, command.cards
    if len(cards) != 1 or cards[0] not in state.hands[p] or _card(state, cards[0])[0] != "noble":
        raise IllegalCommand("noble_turn_needs_a_noble", "a Noble turn discards a Noble from hand first")
    if len(state.zone) < state.rules.noble_takes:
        raise IllegalCommand("noble_takes_from_zone_only", "not enough cards in the Recruitment Zone to take")
    return _replacement(state, p, "noble", cards), False, None


def _replacement(state: State, player: int, action: str, cards: tuple[int, ...]) -> list[Event]:
    return [ev.TurnTaken(player, action), *(ev.CardDiscarded(player, c, ) for c in cards)]


def _discard(state: State, command: Command, chance: Chance) -> Decision:
    card, p = _one(command), command.player
    if card in state.rallied[p]:
        raise IllegalCommand("rallied_cards_stay", f"card {card} is rallied in front of player {p}; it stays there")
    _need_phase(state, "discard", DISCARD)
    if card not in state.hands[p]:
        raise IllegalCommand("discard_from_hand", f"card {card} is not in player {p}'s hand")
    if card == state.just_taken:
        raise IllegalCommand("no_discard_of_card_just_recruited", f"card {card} was just taken from the Zone")
    if state.action == "noble":
        return [ev.CardDiscarded(p, card, )], False, None
    final = ([c for c in state.hands[p] if c != card], state.rallied[p]) if _last_turn(state) else None
    return [ev.CardDiscarded(p, card, )], True, final


def _take(state: State, command: Command, chance: Chance) -> Decision:
    _need_phase(state, "take", TAKE)
    p = command.player
    if command.kind == "take_deck":
        if state.action != "bourgeoise":
            raise IllegalCommand("noble_takes_from_zone_only", "a Noble turn takes from the Recruitment Zone only")
        if not state.pile_size():
            raise IllegalCommand("draw_pile_empty", "the draw pile is empty; take from the Zone instead")
        card, source = _top_of_pile(state, chance), "deck"
    else:
        card, source = _one(command), "zone"
        if card not in _takeable(state):
            raise IllegalCommand("take_from_zone", f"card {card} cannot be taken from the Zone this turn")
    done = state.takes_left == 1
    final = (state.hands[p] + [card], state.rallied[p]) if done and _last_turn(state) else None
    return [ev.CardRecruited(p, card, source)], done, final


def _pass(state: State, command: Command, chance: Chance) -> Decision:
    if legal_commands(state, command.player) != [command]:
        raise IllegalCommand("pass_only_when_stuck", "passing is allowed only when no card can be drawn")
    p = command.player
    final = (state.hands[p], state.rallied[p]) if _last_turn(state) else None
    return [ev.TurnTaken(command.player, "pass")], True, final


_CARDS_NAMED = {"draw_deck": 0, "take_deck": 0, "pass": 0, "bourgeoise": 2}
"""How many cards a command names (1 unless listed here)."""


def _check_form(command: Command) -> None:
    """The card count of each command kind, and one order for a pair: decide accepts exactly the listed form."""
    cards = command.cards
    wanted = _CARDS_NAMED.get(command.kind, 1)
    if len(cards) != wanted:
        raise IllegalCommand("card_count", f"{command.kind!r} names {wanted} card(s), got {cards}")
    if wanted == 2 and not cards[0] < cards[1]:
        raise IllegalCommand("card_order", f"name the two cards of {command.kind!r} lowest id first, got {cards}")


def _one(command: Command) -> int:
    if len(command.cards) != 1:
        raise IllegalCommand("one_card", f"{command.kind!r} names exactly one card, got {command.cards}")
    return command.cards[0]


_HANDLERS = {
    "recruit": _recruit, "draw_deck": _draw_deck, "rally": _rally, "bourgeoise": _bourgeoise, "noble": _noble,
    "discard": _discard, "take": _take, "take_deck": _take, "pass": _pass,
}
