"""`balance record` driven by scripted input: a whole playtest typed in, with an undo and a resume."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

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
    first_part = typed[:10] + ["u", "discard A1"] + typed[10:20] + ["q"]  # a move undone and typed again, a break
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
    first = typed[:6] + [refused, typed[6], "u", typed[6]] + typed[7:30] + ["q"]
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
