"""One game's rows in the lake -> the first problem found, or None when the game verifies.

Checks, in order: seq gapless from 0, the run_id column, rows rebuild events,
the replay reaches the sealed digest, and the logged envelope (player, round,
turn, clock_ms) is what the replay produces. A digest mismatch is located by
re-simulating the game from its logged seed and agents: the first event that
differs is the first altered seq.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, cast

from engine.core.agents import make_agent
from engine.core.driver import ListSink, play_game, replay
from engine.core.errors import ReplayError
from engine.core.events import Event, GameStarted
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from lake.filerows import FileRows

_SEQ_IN_MESSAGE = re.compile(r"\bseq (\d+)")


class Envelope(NamedTuple):
    """A game's logged envelope columns, one list each, in seq order."""

    round: list[Any]
    turn: list[Any]
    clock: list[Any]
    player: list[Any]


def check_game(
    game: Game, ruleset: Ruleset, rows: FileRows, index: int
) -> tuple[int | None, str] | None:
    """The first problem of game `index` of a file's rows as (seq, message), or None when it verifies."""
    game_id, start, end = rows.games[index]
    if rows.seq_suspect[index]:
        found = _seq_problem(rows.seq[start:end])
        if found is not None:
            return found
    if rows.run_suspect[index]:
        runs = set(rows.run_ids(start, end))
        if runs != {rows.run_id}:
            return None, f"run_id column holds {sorted(map(str, runs))}, expected {rows.run_id!r}"
    try:
        events = rows.events(start, end)
    except ReplayError as exc:
        return _seq_of(str(exc)), str(exc)
    except Exception as exc:  # noqa: BLE001 - e.g. a payload that is not JSON
        return None, f"rows do not rebuild events ({type(exc).__name__}: {exc})"
    envelopes: list[tuple[int, int, int]] = []
    try:
        final = replay(game, ruleset, events, cast(int, game_id), envelopes)
    except ReplayError as exc:
        seq = _seq_of(str(exc))
        if "digest mismatch" in str(exc):
            seq, detail = _locate_alteration(game, ruleset, events, seq)
            return seq, f"{exc}{detail}"
        return seq, str(exc)
    except Exception as exc:  # noqa: BLE001 - a log that crashes the rules is rejected, not a crash
        return None, f"replay failed ({type(exc).__name__}: {exc})"
    logged = Envelope(rows.round[start:end], rows.turn[start:end], rows.clock[start:end], rows.player[start:end])
    return _check_envelope(logged, events, envelopes, final, rows.clock_logged)


def _seq_problem(seqs: list[int | None]) -> tuple[int, str] | None:
    for expected, seq in enumerate(seqs):
        if seq is None:
            return expected, ("seq is empty (null): seq must be gapless from 0 (in a log that keeps it in a shape, "
                              "the game's rows no longer match its shape: rows lost or added)")
        if seq != expected:
            what = "duplicated" if seq < expected else "missing"
            return (expected if what == "missing" else seq), f"seq {what} (seq must be gapless from 0)"
    return None


def _check_envelope(
    logged: Envelope, events: list[Event], envelopes: list[tuple[int, int, int]], final: Any, clock_logged: bool = True,
) -> tuple[int, str] | None:
    """The logged player/round/turn/clock_ms must be what the replay produces.

    A 4 Gods file of lake schema 2-3 left `clock_ms` null (`FileRows.clock_logged`): its clock is the replay's. Every
    other file holds the clock, which is then checked like any other column.
    """
    expected = [(0, 0, 0), *envelopes, (final.round, final.turn, final.clock_ms)]
    if (list(zip(logged.round, logged.turn, logged.clock)) == expected
            and logged.player == [getattr(event, "player", None) for event in events]):
        return None  # as almost every game: the row-by-row reading below finds nothing either
    rows = zip(logged.round, logged.turn, logged.clock, logged.player)
    for seq, (event, want, (round_, turn, clock, player)) in enumerate(zip(events, expected, rows)):
        if clock is None and not clock_logged:
            clock = want[2]
        if (round_, turn, clock) != want:
            return seq, f"envelope round/turn/clock_ms is {(round_, turn, clock)}, replay gives {want}"
        if player != getattr(event, "player", None):
            return seq, f"envelope player is {player}, the event's player is {getattr(event, 'player', None)}"
    return None


def first_difference(game: Game, ruleset: Ruleset, rows: FileRows, index: int) -> tuple[int | None, str] | None:
    """Where game `index`'s logged events stop matching a re-simulation from its seed (None: nowhere).

    Used when a part file's checksum shows it was edited but the game still
    replays to its seal (the edit touched fields the final state does not keep).
    """
    _, start, end = rows.games[index]
    try:
        events = rows.events(start, end)
    except Exception:  # noqa: BLE001 - rows that do not rebuild are reported by check_game
        return None
    seq, detail = _locate_alteration(game, ruleset, events, None)
    if seq is None:
        return None
    return seq, f"event differs from the file as the run wrote it (checksum mismatch){detail}"


def _locate_alteration(
    game: Game, ruleset: Ruleset, events: list[Event], sealed_seq: int | None
) -> tuple[int | None, str]:
    """Re-simulate from the logged seed and agents to find the first seq that differs."""
    start = events[0]
    if not isinstance(start, GameStarted):
        return sealed_seq, ""
    try:
        agents = [make_agent(name, game) for name in start.agents]
        sink = ListSink()
        play_game(game, ruleset, agents, start.seed, sink)
    except Exception:  # noqa: BLE001 - best effort: keep the digest error if re-simulation fails
        return sealed_seq, ""
    for seq, (logged, fresh) in enumerate(zip(events, sink.events)):
        if logged != fresh:
            return seq, f"; re-simulating from the seed, the first differing event is seq {seq} ({logged.TYPE})"
    return sealed_seq, ""


def _seq_of(message: str) -> int | None:
    match = _SEQ_IN_MESSAGE.search(message)
    return int(match.group(1)) if match else None
