"""Les caprices du roi: each player's assembly (hand and rallied cards by caste) with its scoring."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from balance.show.caprices_text import COMPONENTS, Narrator
from balance.show.naming import Naming
from balance.show.pictures import PLAYER_COLOURS
from engine.caprices import events as ev
from engine.caprices.state import State

CASTE_COLOURS = {"peasant": "#a1887f", "artisan": "#ffb74d", "bourgeoise": "#4fc3f7", "knight": "#e57373",
                 "noble": "#ba68c8", "minister_odd": "#fff176", "minister_even": "#dce775", "clerk": "#90a4ae",
                 "merchant": "#81c784"}
CASTE_ORDER = tuple(CASTE_COLOURS)


def figsize(state: State) -> tuple[float, float]:
    return 11.0, 1.2 + 1.5 * state.num_players


def draw_state(state: State, naming: Naming, fig: Figure) -> None:
    """One row per player: the cards (rallied ones with a thick border), and the score when scored."""
    ax = fig.subplots()
    ax.axis("off")
    rows = state.num_players
    ax.set_xlim(0, 20)
    ax.set_ylim(-1.6 * rows - 0.2, 1.2)
    words = Narrator(naming)
    caprices = ", ".join(f"{words.caprice(cid)} +{bonus}" for cid, slot, bonus in state.revealed if slot > 0)
    zone = ", ".join(words.card_id(state, c) for c in state.zone)
    ax.text(0, 0.9, f"Round {state.deal_round()} — Caprices: {caprices or 'none yet'}", fontsize=9, va="top")
    ax.text(0, 0.4, f"Recruitment Zone: {zone or 'empty'}; pile {state.pile_size()}", fontsize=9, va="top")
    scored = {e.player: e for e in state.scoring_events if isinstance(e, ev.PlayerScored)}
    met: dict[int, list[str]] = {}
    for e in state.scoring_events:
        if isinstance(e, ev.CapriceMet) and e.slot > 0:
            met.setdefault(e.player, []).append(f"{words.caprice(e.caprice_id)} +{e.bonus}")
    for p in range(rows):
        top = -1.6 * p - 0.2
        ax.text(0, top - 0.05, naming.seat_long(p), fontsize=9, weight="bold", color=PLAYER_COLOURS[p], va="top")
        cards = sorted([(c, False) for c in state.hands[p]] + [(c, True) for c in state.rallied[p]],
                       key=lambda item: (CASTE_ORDER.index(state.rules.deck[item[0]][0]), state.rules.deck[item[0]][1]))
        for i, (card, rallied) in enumerate(cards):
            caste, value = state.rules.deck[card]
            ax.add_patch(Rectangle((i * 0.75, top - 1.05), 0.65, 0.8, facecolor=CASTE_COLOURS[caste],
                                   edgecolor="black", linewidth=2.2 if rallied else 0.5))
            ax.text(i * 0.75 + 0.325, top - 0.65, f"{caste[:2].title()}\n{value}", ha="center", va="center", fontsize=7)
        if p in scored:
            e = scored[p]
            parts = ", ".join(f"{label} {getattr(e, name)}" for name, label in COMPONENTS)
            ax.text(11, top - 0.05, f"score {e.score} (rank {e.rank})", fontsize=9, weight="bold", va="top")
            ax.text(11, top - 0.45, parts.replace(", De", ",\nDe", 1), fontsize=7.5, va="top")
            ax.text(11, top - 1.05, "met: " + (", ".join(met.get(p, [])) or "no face-down Caprice"), fontsize=7.5,
                    va="top", wrap=True)
    handles = [Rectangle((0, 0), 1, 1, facecolor=colour, label=words.card(caste, 0)[:-2]) for caste, colour in
               CASTE_COLOURS.items()]
    ax.legend(handles=handles, loc="lower center", ncol=9, fontsize=7, frameon=False, bbox_to_anchor=(0.5, -0.12))
