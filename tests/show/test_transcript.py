"""`balance show`: committed games told turn by turn (snapshots), `--at`, the lake path and its bad input.

The snapshots pin the transcript of one committed game per game: the two
recorded playtests (Les caprices du roi, Four Gardens; players named) and a
seeded greedy 4 Gods game kept as an event list. A deliberate change to the
words, the rules or the names shows up as a diff: regenerate with
`SHOW_REGENERATE=1 .venv/bin/pytest tests/show` and review it before committing.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from balance.cli import main
from show.source import ShownGame, from_event_list, from_lake, from_record
from show.story import AtError, transcript

DATA = Path(__file__).parent / "data"
RECORDED = Path(__file__).parents[1] / "recorded" / "data"
GAMES = {
    "caprices": lambda: from_record(RECORDED / "caprices-playtest.json", 1),
    "gardens": lambda: from_record(RECORDED / "gardens-playtest.json", 1),
    "gods": lambda: from_event_list(DATA / "gods-greedy.json"),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_transcript_snapshot(game: str) -> None:
    text = transcript(GAMES[game]())
    path = DATA / f"{game}-transcript.txt"
    if os.environ.get("SHOW_REGENERATE"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_transcripts_speak_the_designers_words() -> None:
    caprices, gardens, gods = (transcript(GAMES[g]()) for g in ("caprices", "gardens", "gods"))
    assert "Alice" in caprices and "seat 0" not in caprices  # a recorded game's players by name
    assert "L'union fait la force !" in caprices and "l_union" not in caprices  # display names, not ids
    assert "Final scoring" in caprices and " = card values " in caprices
    assert " = god tracks " in gardens and "Round 1," in gardens
    assert "seat 1 claims the" in gods and "0:00.0 – 0:30.0" in gods  # seats from 1, the clock
    assert re.search(r"\d:\d\d\.\d  game over \((world full|no tile fits|bag empty|frame_full|stuck|bag_empty)\)", gods)


def test_at_stops_at_any_event() -> None:
    shown = GAMES["gods"]()
    whole = transcript(shown).splitlines()
    for at in (0, 25, len(shown.events) - 2):
        part = transcript(shown, at).splitlines()
        assert part[-1] == f"(stopped after event {at} of {len(shown.events) - 1})"
        told = [line for line in part if re.match(r"\s+\d+  ", line)]
        assert all(int(line.split()[0]) <= at for line in told)
        assert all(line in whole for line in told)
    with pytest.raises(AtError, match=r"--at 9999: this game's events are seq 0\.\.\d+; pick one"):
        transcript(shown, 9999)


def _one_game_lake(tmp_path: Path) -> Path:
    lake = tmp_path / "lake"
    assert main(["simulate", "--game", "caprices", "--games", "1", "--players", "3", "--agents", "greedy",
                 "--lake", str(lake), "--workers", "1", "--no-progress", "--run-id", "cap"]) == 0
    return lake


def test_show_reads_a_game_of_the_lake(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lake = _one_game_lake(tmp_path)
    capsys.readouterr()
    assert main(["show", "--lake", str(lake), "--run", "cap", "--game-id", "0", "--at", "12"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Les caprices du roi — caprices run cap game id 0")
    assert "seat 1: greedy" in out and re.search(r"\(stopped after event 12 of \d+\)\n$", out)
    shown: ShownGame = from_lake(lake, "cap", 0)
    assert shown.show_command() == f"balance show --lake {lake} --run cap --game-id 0"
    assert transcript(shown, 12) == out


@pytest.mark.parametrize(("flags", "message"), [
    (["--run", "nope", "--game-id", "0"], "run 'nope' in .*: not in the lake; `balance runs --lake"),
    (["--run", "cap", "--game-id", "5"],
     r"run 'cap' has no game id 5 \(its game ids are 0\.\.0\); pick another --game-id"),
    (["--run", "cap", "--game-id", "0", "--at", "100000"], r"--at 100000: this game's events are seq 0\.\.\d+"),
    (["--run", "cap"], "which game of run cap\\? give --game-id N"),
    ([], "which game\\? give --run RUN --game-id N"),
])
def test_bad_input_is_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          flags: list[str], message: str) -> None:
    lake = _one_game_lake(tmp_path)
    capsys.readouterr()
    assert main(["show", "--lake", str(lake), *flags]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert re.search(message, err), err


def test_readme_shows_balance_show_with_real_output() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "balance show --lake data/lake --run RUN --game-id 12" in readme
    excerpt = readme.split("Round 2, Bruno's turn", 1)[1].split("```", 1)[0]
    assert "Round 2, Bruno's turn" + excerpt in (DATA / "caprices-transcript.txt").read_text(encoding="utf-8")


def test_a_recorded_game_in_the_lake_shows_as_its_file_does(tmp_path: Path) -> None:
    """Ingested into the lake, a playtest is told with its players' names, word for word as from its file."""
    lake = tmp_path / "lake"
    assert main(["ingest", str(RECORDED / "caprices-playtest.json"), "--lake", str(lake)]) == 0
    (run_id,) = [p.name for p in (lake / "runs").iterdir()]
    from_the_lake = from_lake(lake, run_id, 0)
    assert from_the_lake.source == "recorded" and from_the_lake.labels == ["Alice", "Bruno", "Chloé", "Dev"]
    assert transcript(from_the_lake) == (DATA / "caprices-transcript.txt").read_text(encoding="utf-8")
