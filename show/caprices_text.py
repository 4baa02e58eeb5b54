"""Les caprices du roi told turn by turn: who recruited, rallied or replaced what, and how each assembly scored.

A block is a round's opening (its Subject card and Caprice turned up) or one
player's turn. After a turn the table shows the Recruitment Zone, the
Caprices face up with their bonus, each player's rallied cards and hand size,
the draw pile and who holds the Royal Favour (`hidden` adds each hand).
"""

from __future__ import annotations

from typing import Any

from engine.caprices import events as ev
from engine.caprices.state import State
from engine.core.events import Event
from show.naming import Naming, describe_unknown, plural

TURN_KINDS = {"recruit": "recruits", "rally": "rallies", "bourgeoise": "plays a Bourgeoise turn",
              "noble": "plays a Noble turn", "pass": "passes (nothing left to draw)"}
SOURCES = {"zone": "from the Recruitment Zone", "deck": "from the top of the pile"}
COMMON = {"de_l_ordre": "De l'ordre !", "l_union_fait_la_force": "L'union fait la force !"}
"""The two common Caprices, for rulesets without `[names.caprices]` entries for them."""
COMPONENTS = (("card_points", "card values"), ("order_points", "De l'ordre !"), ("merchant_points", "Merchant bonus"),
              ("unity_points", "L'union fait la force !"), ("caprice_points", "face-down Caprices"))


class Narrator:
    """Words for one game of Les caprices du roi (and each game of a Joust match)."""

    def __init__(self, naming: Naming) -> None:
        self.n = naming

    def card(self, caste: str, value: int) -> str:
        """'Knight 7', 'Minister (odd) 1'."""
        name = self.n("castes", caste)
        if caste.startswith("minister_"):
            name = f"minister ({caste.split('_', 1)[1]})"
        return f"{name[:1].upper()}{name[1:]} {value}"

    def card_id(self, state: State, card: int) -> str:
        caste, value = state.rules.deck[card]
        return self.card(caste, value)

    def caprice(self, caprice_id: str) -> str:
        return self.n("caprices", caprice_id) if ("caprices", caprice_id) in self.n.names else \
            COMMON.get(caprice_id, self.n("caprices", caprice_id))

    def before(self, state: State, event: Event) -> Any:
        return None

    def block(self, state: State, event: Event) -> tuple[Any, str]:
        if isinstance(event, ev.DealStarted):
            return ("deal", event.deal), f"Game {event.deal + 1} of the match"
        if isinstance(event, ev.CapriceMet | ev.PlayerScored | ev.DealScored | ev.GameEnded):
            return ("end", state.deal), "End of the game: Knights and Ministers chosen, assemblies scored"
        if isinstance(event, ev.RoundStarted):
            return ("round", state.round + 1), f"Round {state.deal_round() + 1}"
        if isinstance(event, ev.HandDealt | ev.RowDealt | ev.KingAidDealt) or state.round == 0:
            return ("setup", state.deal), "Setup"
        if isinstance(event, ev.SubjectRevealed | ev.CapriceRevealed):
            return ("round", state.round), f"Round {state.deal_round()}"
        if isinstance(event, ev.TurnTaken):
            heading = f"Round {state.deal_round()}, {self.n.seat(event.player)}'s turn"
            return ("turn", state.round, event.player), heading
        return ("turn", state.round, state.current), f"Round {state.deal_round()}"

    def line(self, state: State, event: Event, before: Any) -> str | None:
        seat = self.n.seat
        if isinstance(event, ev.HandDealt):
            return f"{seat(event.player)} is dealt {plural(len(event.cards), 'card')}"
        if isinstance(event, ev.RowDealt):
            return f"{plural(event.count, 'Subject card')} laid face down in the row"
        if isinstance(event, ev.CapriceRevealed):
            if event.slot == 0:
                return f"common Caprice {self.caprice(event.caprice_id)}"
            return f"Caprice turned up: {self.caprice(event.caprice_id)} (+{event.bonus})"
        if isinstance(event, ev.KingAidDealt):
            return f"{seat(event.player)} gets the King's aid and starts"
        if isinstance(event, ev.RoundStarted):
            return f"{seat(event.player)} holds the Royal Favour"
        if isinstance(event, ev.SubjectRevealed):
            return f"Subject turned up: {self.card_id(state, event.card)}"
        if isinstance(event, ev.TurnTaken):
            return f"{seat(event.player)} {TURN_KINDS.get(event.action, event.action)}"
        if isinstance(event, ev.CardRecruited):
            return f"takes {self.card_id(state, event.card)} {SOURCES.get(event.source, event.source)}"
        if isinstance(event, ev.CardRallied):
            return f"rallies {self.card_id(state, event.card)} in front of them"
        if isinstance(event, ev.CardDiscarded):
            return f"discards {self.card_id(state, event.card)} to the Zone"
        if isinstance(event, ev.RoyalFavourPassed):
            return f"the Royal Favour passes to {seat(event.player)}"
        if isinstance(event, ev.CapriceMet):
            return f"{seat(event.player)} meets {self.caprice(event.caprice_id)} (+{event.bonus})"
        if isinstance(event, ev.PlayerScored | ev.DealScored):
            return f"{seat(event.player)} scores {event.score}"
        if isinstance(event, ev.DealStarted | ev.GameEnded):
            return None
        return describe_unknown(event)

    def summary(self, state: State, hidden: bool) -> list[str]:
        rows = [f"Zone: {self.cards(state, state.zone) or 'empty'}; pile {state.pile_size()}, "
                f"{plural(state.row_left, 'card')} face down in the row; Royal Favour: {self.n.seat(state.favour)}"]
        caprices = [f"{self.caprice(cid)} (+{bonus})" for cid, slot, bonus in state.revealed if slot > 0]
        if caprices:
            rows.append("Caprices: " + ", ".join(caprices))
        for p in range(state.num_players):
            row = f"{self.n.seat(p)}: {plural(len(state.hands[p]), 'card')} in hand"
            if state.rallied[p]:
                row += f", rallied {self.cards(state, state.rallied[p])}"
            if hidden:
                row += f"; hand {self.cards(state, sorted(state.hands[p]))}"
            rows.append(row)
        return rows

    def cards(self, state: State, cards: list[int]) -> str:
        return ", ".join(self.card_id(state, c) for c in cards)

    def scoring(self, state: State) -> list[str]:
        scored = [e for e in state.scoring_events if isinstance(e, ev.PlayerScored)]
        if not scored:
            return []
        met: dict[int, list[str]] = {}
        for e in state.scoring_events:
            if isinstance(e, ev.CapriceMet) and e.slot > 0:
                met.setdefault(e.player, []).append(f"{self.caprice(e.caprice_id)} +{e.bonus}")
        rows = []
        for e in sorted(scored, key=lambda s: (s.rank, s.player)):
            parts = " + ".join(f"{label} {getattr(e, name)}" for name, label in COMPONENTS)
            won = " — wins" if e.win_share == 1 else (" — shares the win" if e.win_share > 0 else "")
            rows.append(f"{e.rank}. {self.n.seat(e.player)}: {e.score} = {parts}{won}")
            detail = [f"run of {e.run_length}" if e.run_length else "no scoring run",
                      f"largest family {e.largest_family}"]
            if e.knight_target:
                detail.append(f"Knight transformed a {self.n('castes', e.knight_target)}")
            if e.ministers_transformed:
                detail.append(f"{plural(e.ministers_transformed, 'Minister')} transformed")
            rows.append("     " + "; ".join(detail))
            rows.append("     Caprices met: " + (", ".join(met.get(e.player, [])) or "none"))
            deals = [d.score for d in state.deal_scores if d.player == e.player]
            if deals:  # a Joust match: the total is the games' scores added up
                rows.append("     games of the match: " + " + ".join(map(str, deals)))
        return rows
