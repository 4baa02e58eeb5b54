"""The Joust variant (seed: "play 4 games in a row and total the scores ... If you do not reuse the Caprices
from one game to the next, this will let you see 16 different cards!"), played as game `caprices-joust`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.caprices import events as ev
from engine.caprices.game import GAME
from engine.caprices.joust import GAME as JOUST
from engine.caprices.joust_match import match_scored_events
from engine.caprices.state import State
from engine.core import ListSink, RulesetError, fold, make_agent, play_game, replay, state_digest
from engine.core.events import Event
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from tests.caprices.helpers import edited_ruleset, load_edited

STANDARD = JOUST.load_ruleset("standard")


def _match(ruleset: Ruleset, seed: int, players: int = 4, agent: str = "random") -> tuple[State, list[Event]]:
    sink = ListSink()
    final = play_game(JOUST, ruleset, [make_agent(agent, JOUST) for _ in range(players)], seed, sink)
    assert state_digest(JOUST, replay(JOUST, ruleset, sink.events)) == state_digest(JOUST, final)
    return final, sink.events


def _by_deal(events: list[Event]) -> list[list[Event]]:
    deals: list[list[Event]] = []
    for e in events:
        if isinstance(e, ev.DealStarted):
            deals.append([])
        if deals:
            deals[-1].append(e)
    return deals


def test_a_match_is_four_games_with_sixteen_different_caprices_and_totalled_scores() -> None:
    assert get_game("caprices-joust") is JOUST
    final, events = _match(STANDARD, 5)
    deals = _by_deal(events)
    assert [d[0].deal for d in deals] == [0, 1, 2, 3]  # type: ignore[attr-defined]
    drawn = [e.caprice_id for e in events if isinstance(e, ev.CapriceRevealed) and e.slot > 0]
    assert len(drawn) == len(set(drawn)) == 16
    for deal in deals:  # each game is a whole game: 6 rounds, its own scoring, within the single game's bounds
        types = Counter(e.TYPE for e in deal)
        assert types["round_started"] == 6 and types["deal_scored"] == 4 and types["hand_dealt"] == 4
        assert len(deal) <= GAME.facts.max_events
    scored = [e for e in events if isinstance(e, ev.PlayerScored)]
    games = [e for e in events if isinstance(e, ev.DealScored)]
    for e in scored:
        mine = [g for g in games if g.player == e.player]
        assert e.score == sum(g.score for g in mine) and e.total_value == sum(g.total_value for g in mine)
        assert e.score == e.card_points + e.order_points + e.merchant_points + e.unity_points + e.caprice_points
    best = max((e.score, -e.total_value) for e in scored)
    assert [e.win_share for e in scored] == [1.0 if (e.score, -e.total_value) == best else 0.0 for e in scored]
    assert JOUST.scores(final) == [float(e.score) for e in scored]
    assert events[-2].TYPE == "game_ended" and sum(1 for e in events if e.TYPE == "game_ended") == 1


def test_each_game_starts_left_of_the_last_games_first_player() -> None:
    _, events = _match(STANDARD, 6, players=3)
    starters = [e.player for e in events if isinstance(e, ev.RoundStarted)]
    assert [starters[6 * d] for d in range(4)] == [0, 1, 2, 0]
    assert starters[:6] == [0, 1, 2, 0, 1, 2]  # and within a game the Favour passes left each round


NEXT = 'next_deal_first = { value = "left"'
FIRST = 'first = { value = "seat0"'


def test_next_game_first_player_as_at_setup(tmp_path: Path) -> None:
    setup = load_edited(tmp_path, NEXT, NEXT.replace("left", "setup"))
    _, events = _match(setup, 6)
    starters = [e.player for e in events if isinstance(e, ev.RoundStarted)]
    assert [starters[6 * d] for d in range(4)] == [0, 0, 0, 0]  # seat 0 starts every game


def test_random_first_player_deals_the_king_aid_again_each_game(tmp_path: Path) -> None:
    path = edited_ruleset(tmp_path, NEXT, NEXT.replace("left", "setup"))
    path.write_text(path.read_text(encoding="utf-8").replace(FIRST, FIRST.replace("seat0", "random")), "utf-8")
    ruleset = JOUST.load_ruleset(str(path))
    _, events = _match(ruleset, 8)
    dealt = [e.player for e in events if isinstance(e, ev.KingAidDealt)]
    starters = [e.player for e in events if isinstance(e, ev.RoundStarted)]
    assert len(dealt) == 4 and [starters[6 * d] for d in range(4)] == dealt


REUSE = "reuse_caprices = { value = false"


def test_reusing_the_caprices_lets_a_caprice_return(tmp_path: Path) -> None:
    reuse = load_edited(tmp_path, REUSE, REUSE.replace("false", "true"))
    repeats = 0
    for seed in range(6):
        _, events = _match(reuse, seed, players=2)
        drawn = [e.caprice_id for e in events if isinstance(e, ev.CapriceRevealed) and e.slot > 0]
        repeats += len(drawn) - len(set(drawn))
    assert repeats > 0  # 16 draws from 19 with replacement between games: a repeat is near certain


def test_too_many_games_for_the_caprice_pool_is_refused(tmp_path: Path) -> None:
    five = load_edited(tmp_path, "deals = { value = 4", "deals = { value = 5")
    with pytest.raises(RulesetError, match="joust.deals.*20 Caprices"):
        JOUST.load_ruleset(five.path)
    GAME.load_ruleset(five.path)  # a single game ignores [joust]


def test_a_single_game_logs_no_joust_events() -> None:
    sink = ListSink()
    play_game(GAME, GAME.load_ruleset("standard"), [make_agent("random", GAME) for _ in range(3)], 4, sink)
    assert not any(isinstance(e, (ev.DealStarted, ev.DealScored)) for e in sink.events)


def _deal(deal: int, player: int, score: int, value: int) -> ev.DealScored:
    return ev.DealScored(player, score, value, score - value, 0, 0, 0, value, 1, 0.5, None, 0, 0, 0, deal)


def test_a_tied_match_goes_to_the_lowest_summed_card_value_or_is_shared(tmp_path: Path) -> None:
    # Two games: player 0 scores 90 + 70 (card values 30 + 20), player 1 70 + 90 (values 25 + 20): 160 each.
    state = State(JOUST.initial_state(STANDARD, 2, 0).rules, 2, deals=2)
    state.deal_scores = [_deal(0, 0, 90, 30), _deal(0, 1, 70, 25)]
    last = [_deal(1, 0, 70, 20), _deal(1, 1, 90, 20)]
    scored = [e for e in match_scored_events(state, last) if isinstance(e, ev.PlayerScored)]
    assert [(e.score, e.total_value, e.rank, e.win_share) for e in scored] == [(160, 50, 2, 0.0), (160, 45, 1, 1.0)]
    shared = load_edited(tmp_path, 'tie_break = { value = "total_value"', 'tie_break = { value = "shared"')
    state = State(JOUST.initial_state(shared, 2, 0).rules, 2, deals=2)
    state.deal_scores = [_deal(0, 0, 90, 30), _deal(0, 1, 70, 25)]
    scored = [e for e in match_scored_events(state, last) if isinstance(e, ev.PlayerScored)]
    assert [(e.rank, e.win_share) for e in scored] == [(1, 0.5), (1, 0.5)]


def test_players_see_the_match_scores() -> None:
    final, events = _match(STANDARD, 2, players=2)
    first_game = [e.score for e in events if isinstance(e, ev.DealScored) and e.deal == 0]
    cut = next(i for i, e in enumerate(events) if isinstance(e, ev.DealStarted) and e.deal == 1)
    second = fold(JOUST, STANDARD, events[:cut + 1])
    assert JOUST.view(second, 1).match_scores == tuple(first_game) and JOUST.view(second, 1).deal == 1
    assert JOUST.view(final, 0).deal == 3
