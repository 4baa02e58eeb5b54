"""Les caprices du roi: each player's assembly (hand and rallied cards by caste) with its scoring."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from engine.caprices import events as ev
from engine.caprices.end_of_game import score_results
from engine.caprices.scoring import Breakdown
from engine.caprices.state import State
from show.caprices_text import COMPONENTS, Narrator
from show.naming import PLAYER_COLOURS, Naming

CASTE_COLOURS = {"peasant": "#a1887f", "artisan": "#ffb74d", "bourgeoise": "#4fc3f7", "knight": "#e57373",
                 "noble": "#ba68c8", "minister_odd": "#fff176", "minister_even": "#dce775", "clerk": "#90a4ae",
                 "merchant": "#81c784"}
CASTE_ORDER = tuple(CASTE_COLOURS)


FACE_DOWN = "#b0b0b0"  # a card of a hand not shown


def figsize(state: State) -> tuple[float, float]:
    return 11.0, 1.2 + 1.5 * state.num_players


def assemblies_now(state: State) -> list[Breakdown | None]:
    """Each player's best score if the game ended now (None before any card is dealt)."""
    if not any(state.hands):
        return [None] * state.num_players
    return list(score_results(state, [(hand, rallied) for hand, rallied in zip(state.hands, state.rallied)]))


def score_text(state: State, words: Narrator, scored: ev.PlayerScored | None, now: Breakdown | None,
               met: list[str]) -> list[tuple[str, float, str]] | None:
    """Heading, components and Caprices met: the final score, else what the assembly would score now."""
    if scored is not None:
        heading, parts = f"score {scored.score} (rank {scored.rank})", [getattr(scored, n) for n, _ in COMPONENTS]
    elif now is not None:
        heading, parts = f"if the game ended now: {now.total}", [getattr(now, n) for n, _ in COMPONENTS]
        in_play = dict(state.caprices_in_play())
        met = [f"{words.caprice(c)} +{bonus}" for c, bonus in now.caprices.items() if bonus and c in in_play]
    else:
        return None
    listed = ", ".join(f"{label} {value}" for (_, label), value in zip(COMPONENTS, parts))
    return [(heading, 9, "bold"), (listed.replace(", De", ",\nDe", 1), 7.5, "normal"),
            ("met: " + (", ".join(met) or "no face-down Caprice"), 7.5, "normal")]


def draw_state(state: State, naming: Naming, fig: Figure, hidden: bool = True) -> None:
    """One row per player: the cards (rallied ones with a thick border), and the score when scored.

    Before the end reveals them, a hand is drawn face down unless `hidden` (what only its owner sees) is asked
    for; its score "if the game ended now" then is not told either.
    """
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
    face_down = not (hidden or scored)
    now = assemblies_now(state) if not (scored or face_down) else [None] * rows
    for p in range(rows):
        top = -1.6 * p - 0.2
        ax.text(0, top - 0.05, naming.seat_long(p), fontsize=9, weight="bold", color=PLAYER_COLOURS[p], va="top")
        cards = sorted([(c, False) for c in state.hands[p]] + [(c, True) for c in state.rallied[p]],
                       key=lambda item: (CASTE_ORDER.index(state.rules.deck[item[0]][0]), state.rules.deck[item[0]][1]))
        if face_down:
            cards = [(c, True) for c, rallied in cards if rallied] + [(-1, False)] * len(state.hands[p])
        for i, (card, rallied) in enumerate(cards):
            caste, value = state.rules.deck[card] if card >= 0 else ("", "?")
            ax.add_patch(Rectangle((i * 0.75, top - 1.05), 0.65, 0.8, facecolor=CASTE_COLOURS.get(caste, FACE_DOWN),
                                   edgecolor="black", linewidth=2.2 if rallied else 0.5))
            ax.text(i * 0.75 + 0.325, top - 0.65, f"{caste[:2].title()}\n{value}", ha="center", va="center", fontsize=7)
        told = score_text(state, words, scored.get(p), now[p], met.get(p, []))
        if told is not None:
            for y, (text, size, weight) in zip((0.05, 0.45, 1.05), told):
                ax.text(11, top - y, text, fontsize=size, weight=weight, va="top", wrap=True)
    handles = [Rectangle((0, 0), 1, 1, facecolor=colour, label=words.card(caste, 0)[:-2]) for caste, colour in
               CASTE_COLOURS.items()]
    ax.legend(handles=handles, loc="lower center", ncol=9, fontsize=7, frameon=False, bbox_to_anchor=(0.5, -0.12))
