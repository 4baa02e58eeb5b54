"""The move notation of Les caprices du roi (documented in docs/recorded-games.md).

A Subject card is its caste letter and printed value: P3 (Peasant 3), A5
(Artisan), B2 (Bourgeoise), K10 (Knight), N7 (Noble), Mo1 / Me1 (odd / even
Minister), C0 (Clerk), M4 (Merchant). Identical cards (the Ministers) are
interchangeable; `Mo1.2` names one copy when it matters. A Caprice is its
ruleset id (`noblesse_oblige`) or its printed name.

Moves, one per line, optionally after "<player>:":

    recruit K7          take K7 from the Recruitment Zone (then discard)
    draw > N4           draw the top card of the pile; it was N4
    rally P3            rally a Peasant or Artisan from the Zone
    bourgeoise B2 B5    a Bourgeoise turn: discard the two, then two takes
    noble N7            a Noble turn: discard the Noble (then discard one more card)
    discard C0          discard a card to the Zone
    take P3             a take of a Bourgeoise/Noble turn, from the Zone
    take deck > K4      a Bourgeoise take from the pile; it was K4
    pass                nothing can be drawn

Chance outcomes: `hand` (setup: each player's 7 cards), `subject` (the row
card turned up at a round's start), `caprice` (the face-down Caprice turned
up), `deck` (the card drawn from the pile; written after the move's ">"),
`king_aid` (only with `players.first = "random"`: the seat, 0-based, dealt
the King aid).
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Any

from engine.caprices import events as ev
from engine.caprices.commands import Command
from engine.caprices.rules import PRINTED_CASTES, Rules
from engine.caprices.state import State
from engine.core.chance import Outcome
from engine.core.events import Event
from engine.core.notation import Names, NotationError, fold, words

CASTE_CODES = {
    "peasant": "P", "artisan": "A", "bourgeoise": "B", "knight": "K", "noble": "N",
    "minister_odd": "Mo", "minister_even": "Me", "clerk": "C", "merchant": "M",
}
assert set(CASTE_CODES) == set(PRINTED_CASTES)

ONE_CARD = ("recruit", "rally", "discard", "noble", "take")


class CapricesNotation:
    """Notation over `Command(player, kind, cards)`."""

    outcome_kinds = {
        "hand": "setup: a player's starting hand (one list per player, in seat order)",
        "subject": "the face-down row card turned up when a round starts",
        "caprice": "the face-down Caprice turned up when a round starts (rounds 1-4)",
        "deck": "the card drawn from the top of the pile (`draw`, `take deck`)",
        "king_aid": "the seat (0-based) dealt the King aid, who starts (only when players.first is random)",
    }

    def parse_move(self, state: State, player: int, text: str) -> Command:
        parts = words(text)
        if not parts:
            raise NotationError("unparsable_move", "empty move")
        kind, args = parts[0].lower(), parts[1:]
        names = card_names(state.rules)
        if kind == "pass" and not args:
            return Command(player, "pass")
        if kind == "draw" and not args:
            return Command(player, "draw_deck")
        if kind == "take" and [a.lower() for a in args] == ["deck"]:
            return Command(player, "take_deck")
        if kind in ONE_CARD and len(args) == 1:
            return Command(player, kind, (self._card(names, args[0], state, player, kind),))
        if kind == "bourgeoise" and len(args) == 2:
            first = self._card(names, args[0], state, player, kind)
            second = self._card(names, args[1], state, player, kind, exclude=first)
            return Command(player, kind, (min(first, second), max(first, second)))  # the pair as listed
        raise NotationError("unparsable_move", f"cannot read move {text!r}; moves look like 'recruit K7', "
                            "'draw', 'rally P3', 'bourgeoise B2 B5', 'noble N7', 'discard C0', 'take P3', "
                            "'take deck', 'pass'")

    def _card(self, names: Names, token: str, state: State, player: int, kind: str, exclude: int = -1) -> int:
        """The id of a named card where this move takes it from (hand or Zone); any copy if none is there."""
        where = state.hands[player] if kind in ("discard", "noble", "bourgeoise") else state.zone
        found = names.pick(token, "card", [c for c in where if c != exclude])
        return found if found is not None else names.candidates(token, "card")[0]

    def move_text(self, state: State, command: Command) -> str:
        names = card_names(state.rules)
        if command.kind == "draw_deck":
            return "draw"
        if command.kind == "take_deck":
            return "take deck"
        return " ".join([command.kind, *(names.text(c) for c in command.cards)])

    def parse_outcome(self, state: State, kind: str, token: str) -> Outcome:
        if kind == "caprice":
            return Outcome(kind, token, (caprice_id(state.rules, token),))
        if kind == "king_aid":
            if not token.isdigit() or int(token) >= state.num_players:
                raise NotationError("unknown_seat", f"king_aid names a seat 0..{state.num_players - 1}, got {token!r}")
            return Outcome(kind, token, (int(token),))
        if kind not in self.outcome_kinds:
            raise NotationError("unknown_outcome", f"unknown chance outcome kind {kind!r}; "
                                f"known: {', '.join(self.outcome_kinds)}")
        return Outcome(kind, token, card_names(state.rules).candidates(token, "card"))

    def outcomes_in(self, state: State, event: Event) -> list[tuple[str, str]]:
        names = card_names(state.rules).text
        if isinstance(event, ev.HandDealt):
            return [("hand", names(c)) for c in event.cards]
        if isinstance(event, ev.SubjectRevealed):
            return [("subject", names(event.card))]
        if isinstance(event, ev.CapriceRevealed) and event.slot > 0:
            return [("caprice", event.caprice_id)]
        if isinstance(event, ev.CardRecruited) and event.source == "deck":
            return [("deck", names(event.card))]
        if isinstance(event, ev.KingAidDealt):
            return [("king_aid", str(event.player))]
        return []

    def inline_kind(self, command: Any) -> str | None:
        return "deck" if command.kind in ("draw_deck", "take_deck") else None

    def table_text(self, state: State, labels: list[str]) -> str:
        """What the table shows, for the recorder: round, Caprices, the Zone, hands and rallied cards."""
        names = card_names(state.rules)
        cards = lambda ids: " ".join(names.text(c, exact=False) for c in ids) or "-"  # noqa: E731
        caprices = ", ".join(_caprice_text(state.rules, cid) + (f" (+{bonus})" if slot else "")
                             for cid, slot, bonus in state.revealed)
        lines = [f"round {state.round}: Caprices {caprices}", f"  Zone: {cards(state.zone)}; "
                 f"pile {state.pile_size()}, face-down row {state.row_left}"]
        lines += [f"  {labels[p]}: hand {cards(state.hands[p])}; rallied {cards(state.rallied[p])}"
                  for p in range(state.num_players)]
        return "\n".join(lines)

    def describe(self, state: State, detail: str) -> str:
        """An engine message with card ids turned into card names ("card 30" -> "card K9")."""
        names = card_names(state.rules)
        return re.sub(r"\bcard (\d+)\b", lambda m: f"card {names.text(int(m.group(1)), exact=False)}", detail)

    def locate(self, state: State, outcome: Outcome, labels: list[str]) -> str | None:
        """Where a named card is now, for messages about an impossible draw."""
        for card in outcome.candidates:
            if not isinstance(card, int):
                return None
            for seat in range(state.num_players):
                if card in state.hands[seat]:
                    return f"in {labels[seat]}'s hand"
                if card in state.rallied[seat]:
                    return f"rallied by {labels[seat]}"
            if card in state.zone:
                return "face up in the Recruitment Zone"
        return None


@lru_cache(maxsize=16)
def card_names(rules: Rules) -> Names:
    """Card names of a ruleset's deck (P3, K10, Mo1 ...)."""
    return Names([f"{CASTE_CODES[caste]}{value}" for caste, value in rules.deck])


def caprice_id(rules: Rules, token: str) -> str:
    """A Caprice by id or printed name (case and accents ignored); a misspelt one is answered with the closest."""
    wanted = fold(token).strip(" !")
    spellings = {}
    for cid, caprice in rules.caprices.items():
        spellings[fold(cid)] = spellings[fold(caprice.name).strip(" !")] = cid
    if wanted in spellings:
        return spellings[wanted]
    close = difflib.get_close_matches(wanted, list(spellings), n=1, cutoff=0.6)
    hint = f"did you mean {rules.caprices[spellings[close[0]]].name!r} ({spellings[close[0]]})? " if close else ""
    raise NotationError("unknown_card", f"unknown Caprice {token!r}; {hint}known: {', '.join(rules.caprices)}")


def _caprice_text(rules: Rules, cid: str) -> str:
    """A Caprice as the table reads it: its printed name and the id to type (the two common ones by id)."""
    caprice = rules.caprices.get(cid)
    return f"{caprice.name} [{cid}]" if caprice else cid


NOTATION = CapricesNotation()
