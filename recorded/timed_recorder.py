"""`balance record` for a real-time game (4 Gods): each line is when, who and what.

At a 4 Gods table everybody acts at once, so the recorder does not ask
whose move it is: the person types `14.7 Ben: draw 2` (seconds on the
stopwatch, the player, the move), adds `(failed)` for a grab that came too
late, and is asked which tiles came out of a draw. Every line is checked at
once by replaying the record so far (the action must be possible at its
time) and the file is saved; `u` undoes the last line. Once nothing more can
be placed the game ends by itself and the table's scores are asked.
"""

from __future__ import annotations

from typing import Any

from recorded.entries import OUTCOME_MARK
from recorded.errors import RecordError
from recorded.turn_recorder import Recorder
from recorded.turn_replay import Replay

TIMED_HELP = ("type 'SECONDS PLAYER: MOVE', e.g. '14.7 Ben: draw 2' or '20.5 Ana: place FFMM/SSPP at a2 as MSSF'; "
              "add '(failed)' for a grab that came too late; u = undo the last line, q = save and stop, ? = help")
FAILED_MARK = "(failed)"


class TimedRecorder(Recorder):
    """Records lines with times; each one is checked by replaying the record so far."""

    def record_moves(self) -> dict[str, Any]:
        """Ask for each timed line until nothing more can be placed (returns the finished record)."""
        while True:
            replay = self._replay()
            if replay.game.to_move(replay.state) is None:
                return self._finish(replay)
            table = getattr(replay.notation, "table_text", None)
            if table is not None:
                print(table(replay.state, replay.labels))
            answer = self.ask("t player: move> ")
            if answer in ("?", "h", "help"):
                print(TIMED_HELP)
            elif answer.lower() in ("u", "undo"):
                self._undo()
            else:
                line = self._line(replay, answer)
                if line is not None:
                    self._add(line)

    def _line(self, replay: Replay, answer: str) -> dict[str, Any] | None:
        """The typed line as a record move (asking for a draw's tiles); None (and why) when it cannot be read."""
        when, _, rest = answer.partition(" ")
        try:
            t = float(when)
        except ValueError:
            print(f"  start with the time in seconds ({TIMED_HELP})")
            return None
        failed = rest.rstrip().endswith(FAILED_MARK)
        move = rest.rstrip().removesuffix(FAILED_MARK).strip()
        head = move.partition(OUTCOME_MARK)[0]
        if ":" not in head:
            print(f"  say who acted: '{t:g} {replay.labels[0]}: draw 2'")
            return None
        if head.split(":", 1)[1].split()[:1] == ["draw"] and OUTCOME_MARK not in move and not failed:
            tiles = self.ask("  which tiles came out? ")
            move += f" {OUTCOME_MARK} " + ", ".join(tiles.replace(",", " ").split())
        line: dict[str, Any] = {"t": t, "move": move}
        if failed:
            line["failed"] = True
        return line

    def _add(self, line: dict[str, Any]) -> None:
        """Keep the line if the record still replays with it (else say why), and save."""
        self.record["moves"].append(line)
        try:
            self._replay()
        except RecordError as exc:
            self.record["moves"].pop()
            print(f"  not recorded: {exc.code}: {exc.detail}")
            return
        self.save()
