"""`balance record` driven by scripted input: a whole playtest typed in, with an undo and a resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from balance.cli import main
from engine.caprices.game import GAME as CAPRICES
from engine.caprices.notation import caprice_id
from engine.caprices.rules import compile_rules
from engine.core.notation import NotationError
from recorded.recorder import new_record, record_game
from recorded.records import read_records
from recorded.replay import replay_record
from tests.recorded.conftest import PLAYTESTS, playtest


def typed_playtest() -> list[str]:
    """What a person types to record the committed caprices playtest: the deal, then each move and draw."""
    game = playtest("caprices")
    typed = [" ".join(hand) for hand in game["setup"]["hand"]] + ["P6", "point_d_orgueil"]
    for line in game["moves"]:
        head, _, tail = line.partition(">")
        if head.strip():
            typed.append(head.split(":", 1)[1].strip())
        for outcome in (o.strip() for o in tail.split(",") if o.strip()):
            kind, _, token = outcome.partition(" ")
            typed.append(token if kind in ("subject", "caprice") else outcome)
    return typed


def typing(path: Path, record: dict | None, lines: list[str]) -> dict | None:
    """Run the recorder on `path` with `lines` typed in (each followed by Enter)."""
    with create_pipe_input() as pipe:
        pipe.send_text("".join(f"{line}\n" for line in lines))
        return record_game(path, record, PromptSession(input=pipe, output=DummyOutput()))


def test_a_whole_game_typed_in_with_an_undo_and_a_resume(tmp_path: Path, capsys: object) -> None:
    path = tmp_path / "thursday.json"
    typed = typed_playtest()
    assert typed[9] == "discard A1"
    first_part = typed[:10] + ["u", "y", "discard A1"] + typed[10:20] + ["q"]  # a move undone, typed again, a break
    record = new_record("caprices", 4, ["Alice", "Bruno", "Chloé", "Dev"], "standard")
    assert typing(path, record, first_part) is None  # stopped: saved so far
    saved = read_records(path)[0][0].data
    assert saved["moves"][:3] == ["Alice: rally P6", "Bruno: draw > P3", "Bruno: discard A1"]
    assert saved["setup"]["caprice"] == "point_d_orgueil" and len(saved["setup"]["hand"]) == 4
    finished = typing(path, None, typed[20:] + [""])  # Enter accepts the rules' scores
    assert finished is not None and finished["scores"] == [86, 141, 43, 150]
    recorded = replay_record(read_records(path)[0][0])
    original = replay_record(read_records(PLAYTESTS["caprices"])[0][0])
    assert recorded.content_hash == original.content_hash  # the very same game, event for event
    assert "Alice to move" in capsys.readouterr().out  # type: ignore[attr-defined]


def test_an_outcome_that_cannot_come_out_is_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    typed = typed_playtest()
    # Bruno draws K10, which Alice holds: refused, then the right card
    lines = typed[:7] + ["draw", "K10", "P3", "q"]
    typing(path, new_record("caprices", 4, ["Alice", "Bruno", "Chloé", "Dev"], None), lines)
    assert read_records(path)[0][0].data["moves"] == ["Alice: rally P6", "Bruno: draw > P3"]


def typed_gods_playtest() -> list[str]:
    """What a person types to record the committed 4 Gods playtest: the deal, then 'SECONDS PLAYER: MOVE' lines."""
    game = playtest("gods")
    typed = [" ".join(hand) for hand in game["setup"]["tile"]]
    for line in game["moves"]:
        if "t" not in line:
            continue  # the end: the recorder sees it by itself
        move, _, tiles = line["move"].partition(" > ")
        typed.append(f"{line['t']:g} {move}" + (" (failed)" if line.get("failed") else ""))
        if tiles:
            typed.append(tiles)  # asked for after a draw
    return typed


def test_a_whole_4_gods_game_typed_in_with_times_an_undo_a_refused_line_and_a_resume(tmp_path: Path) -> None:
    path = tmp_path / "friday.json"
    typed = typed_gods_playtest()
    assert typed[3] == "1 Ben: god forest" and typed[6] == "6.1 Chloé: place FPFP:0121/MSMS:0121 at h8 as PFPF"
    refused = "6.1 Chloé: place FPFP:0121/MSMS:0121 at d4 as PFPF"  # touches no side: not recorded, typed again
    first = typed[:6] + [refused, typed[6], "u", "y", typed[6]] + typed[7:30] + ["q"]
    record = new_record("gods", 3, ["Ana", "Ben", "Chloé"], None)
    assert typing(path, record, first) is None
    saved = read_records(path)[0][0].data
    assert saved["moves"][3] == {"t": 6.1, "move": "Chloé: place FPFP:0121/MSMS:0121 at h8 as PFPF"}
    assert "tie_order" not in saved["setup"] and saved["setup"]["tile"][0] == ["SSMP/PPMF", "SSSF/PPPM"]
    finished = typing(path, None, typed[30:] + [""])
    assert finished is not None and finished["scores"] == [6, 53, 46]
    recorded = replay_record(read_records(path)[0][0])
    original = replay_record(read_records(PLAYTESTS["gods"])[0][0])
    assert recorded.content_hash == original.content_hash  # the very same game, event for event


class Session:
    """A stand-in for prompt_toolkit's session: answers from a script, keeps each question and its completer."""

    def __init__(self, lines: list[str]) -> None:
        self.lines, self.asked = list(lines), []

    def prompt(self, question: str, completer=None) -> str:  # noqa: ANN001 - prompt_toolkit's signature
        self.asked.append((question, completer))
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def recording(path: Path, lines: list[str]) -> Session:
    session = Session(lines)
    record_game(path, new_record("caprices", 4, ["Alice", "Bruno", "Chloé", "Dev"], None), session)  # type: ignore[arg-type]
    return session


def test_the_setup_prompt_says_whose_hand_is_being_typed(tmp_path: Path) -> None:
    typed = typed_playtest()
    session = recording(tmp_path / "g.json", typed[:4])
    hands = [question for question, _ in session.asked if question.startswith("[hand]")]
    assert [name for name in ("Alice", "Bruno", "Chloé", "Dev") if any(f"for {name}:" in q for q in hands)] == [
        "Alice", "Bruno", "Chloé", "Dev"]


def test_an_illegal_move_is_refused_with_the_rule_that_forbids_it(tmp_path: Path, capsys: object) -> None:
    typed = typed_playtest()
    recording(tmp_path / "g.json", typed[:6] + ["discard A1", "q"])  # Alice must draw before she discards
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "not a legal move now: " in out and "(rule " in out


def test_undo_asks_first_and_a_stray_u_keeps_the_move(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    typed = typed_playtest()
    assert typed[6:9] == ["rally P6", "draw", "P3"]  # Alice's move, then Bruno's draw and what came out
    recording(path, typed[:9] + ["u", "n", "q"])
    assert read_records(path)[0][0].data["moves"] == ["Alice: rally P6", "Bruno: draw > P3"]
    session = recording(tmp_path / "h.json", typed[:9] + ["u", "y", "q"])
    assert read_records(tmp_path / "h.json")[0][0].data["moves"] == ["Alice: rally P6"]
    assert any(q.startswith("  undo Bruno: draw > P3?") for q, _ in session.asked)


def test_the_legal_moves_complete_as_you_type(tmp_path: Path) -> None:
    typed = typed_playtest()
    session = recording(tmp_path / "g.json", typed[:6] + ["q"])
    question, completer = next((q, c) for q, c in session.asked if q == "Alice> ")
    offered = [c.text for c in completer.get_completions(Document("ral"), CompleteEvent())]
    assert "rally P6" in offered and all(text.startswith("ral") for text in offered)


def test_caprices_show_by_name_and_a_misspelt_one_gets_the_closest() -> None:
    rules = compile_rules(CAPRICES.load_ruleset("standard"))
    with pytest.raises(NotationError, match=r"did you mean \"Point d'orgueil !\" \(point_d_orgueil\)"):
        caprice_id(rules, "point d'orgeuil")
    assert caprice_id(rules, "Point d'orgueil !") == "point_d_orgueil"


def test_the_recorder_table_shows_the_caprice_names(tmp_path: Path, capsys: object) -> None:
    recording(tmp_path / "g.json", typed_playtest()[:6] + ["q"])
    assert "Point d'orgueil ! [point_d_orgueil] (+30)" in capsys.readouterr().out  # type: ignore[attr-defined]


def test_a_move_typed_with_what_it_drew_as_the_notation_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    typed = typed_playtest()
    assert typed[11:13] == ["take deck", "A3"]  # Chloé's take from the pile, then the card that came out
    inline = typed[:11] + ["take deck > A3"] + typed[13:] + [""]
    finished = typing(path, new_record("caprices", 4, ["Alice", "Bruno", "Chloé", "Dev"], "standard"), inline)
    assert finished is not None and "Chloé: take deck > A3" in finished["moves"]
    recorded = replay_record(read_records(path)[0][0])
    assert recorded.content_hash == replay_record(read_records(PLAYTESTS["caprices"])[0][0]).content_hash


def test_balance_show_tells_a_half_recorded_game_so_far(tmp_path: Path, capsys: object) -> None:
    path = tmp_path / "g.json"
    typing(path, new_record("caprices", 4, ["Alice", "Bruno", "Chloé", "Dev"], None), typed_playtest()[:13] + ["q"])
    assert "scores" not in read_records(path)[0][0].data
    capsys.readouterr()  # type: ignore[attr-defined]
    assert main(["show", "--file", str(path), "--number", "1"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "(unfinished)" in out and "Chloé" in out
