"""`balance record`: type a live playtest in, move by move, into the recorded-game format.

A new record starts empty (`new_record`); `record_game` checks it (or the
file it resumes), then records with the turn-based recorder
(`recorded.turn_recorder`) or, for a game whose moves carry times (4 Gods),
the real-time one (`recorded.timed_recorder`). The file is saved after every
move, so a crash or Ctrl-C loses nothing: `--resume FILE` replays it and
carries on. Built on prompt_toolkit; tests drive it through a pipe input.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession

from engine.core.errors import BalanceError
from lake.layout import read_json
from recorded.errors import RecordError
from recorded.records import GameRecord
from recorded.timed_recorder import TimedRecorder
from recorded.turn_recorder import Quit, Recorder
from recorded.turn_replay import Replay, is_timed


def new_record(game: str, players: int, names: list[str] | None, ruleset: str | None) -> dict[str, Any]:
    """An empty record: game, ruleset, players (names or count), today's date, no moves yet."""
    if names is not None and len(names) != players:
        raise BalanceError(f"--names gives {len(names)} names for --players {players}")
    record: dict[str, Any] = {"game": game, "players": names or players,
                              "played_on": datetime.date.today().isoformat(), "moves": []}
    if ruleset:
        record["ruleset"] = ruleset
    return record


def record_game(path: Path, record: dict[str, Any] | None, session: PromptSession[str]) -> dict[str, Any] | None:
    """Record into `path` (a new `record`, or resume the file when `record` is None); None if the person quit."""
    if record is None:
        record = read_json(path)
        if not isinstance(record, dict):
            raise BalanceError(f"{path}: not a recorded game to resume")
    try:
        checked = Replay(GameRecord(str(path), 1, {**record, "moves": record.get("moves", [])}), {})
    except RecordError as exc:
        raise BalanceError(exc.message()) from None
    recorder = (TimedRecorder if is_timed(checked.game) else Recorder)(path, record, session)
    recorder.save()
    try:
        return recorder.run()
    except (Quit, EOFError, KeyboardInterrupt):
        recorder.save()
        return None
