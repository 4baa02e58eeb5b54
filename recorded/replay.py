"""Replay one recorded game through the engine: every move legal, every chance outcome possible.

The record's chance outcomes feed a `ScriptedChance`, its moves are read with
the game's notation and decided by the engine exactly like an agent's
commands, so a valid record becomes an ordinary event log (sealed with the
final state's digest). A turn-based game replays move by move
(`recorded.turn_replay`), a game whose moves carry times in real time
(`recorded.timed`). The first problem raises a `RecordError` naming the
move, why, and the legal moves at that point.
"""

from __future__ import annotations

from engine.core.ruleset import Ruleset
from recorded.errors import RecordError
from recorded.records import GameRecord
from recorded.timed import TimedReplay
from recorded.turn_replay import Replay, ReplayedGame, is_timed


def replay_record(record: GameRecord, rulesets: dict[tuple[str, str], Ruleset] | None = None) -> ReplayedGame:
    """Replay one record (RecordError, placed in its file and game, on the first problem).

    `rulesets` caches loaded rulesets by (game, name) across the records of one ingest.
    """
    try:
        return make_replay(record, {} if rulesets is None else rulesets).run()
    except RecordError as exc:
        raise exc.at(record.file, record.index, record.data.get("title") or "") from None


def make_replay(record: GameRecord, rulesets: dict[tuple[str, str], Ruleset]) -> Replay:
    """The replay of a record: move by move, or in real time for a game whose moves carry times (4 Gods)."""
    replay = Replay(record, rulesets)
    return TimedReplay(record, rulesets) if is_timed(replay.game) else replay
