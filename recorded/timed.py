"""Records of a real-time game (4 Gods): every move carries the time it happened.

A 4 Gods line says who acted, what, and when (`t`, seconds since the start):
`{"t": 12.5, "move": "Alice: draw 2 > FFMM/SSPP, SSSS/PPPP"}`. The engine
lets each player commit to an action when their previous one ends; the
record's time is when it happened, so the replay takes each player's next
line when that player is the one to plan, gives it `at_ms` (the think time
is the time since the player's previous action: nothing is drawn) and checks
it against the table as it is at `t`. Lines are read per player in the
order written; between players the times decide. Tiles drawn are handed out
to the player who drew them, when the draw happens.

A player with no line left in the record looks at the table again at the
next recorded moment (a `wait` in the log: at a real table they just watch);
when no line is left and nothing more can be placed, the table agrees the
end. A pause longer than the idle end (`end.idle_ms`) ends a recorded game
only where its moves say the table agreed (`end`): a real table may play on.
A line marked `"failed": true` was tried but could not happen (another
player changed the table first): simulated games have them, a person may
record them. An action that could not happen at its time is `illegal_move`.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace
from typing import Any

from engine.core.chance import ChanceError, Outcome, ScriptedChance
from engine.core.driver import apply_command, begin
from engine.core.errors import IllegalCommand
from engine.core.events import Event, GameStarted
from engine.core.game import Game
from engine.core.notation import NotationError
from engine.core.ruleset import Ruleset
from engine.gods.clock import now
from engine.gods.commands import Command, DeclareEnd, Wait
from engine.gods.end import world_done
from engine.gods.events import ActionPlanned, GameEnded, LandscapeScored, PlanFailed, TilesDealt, TilesDrawn
from engine.gods.evolve import planned_command
from engine.gods.notation import CARRIED_OUT, NOTATION, tile_names, timed
from recorded.entries import OUTCOME_MARK, Entry, entries_of, player_of
from recorded.errors import ExportError, RecordError
from recorded.turn_replay import EnvelopeSink, Replay


class TimedReplay(Replay):
    """Replays a record whose moves carry times; `complete = False` stops where the lines run out (recorder)."""

    def play_written(self) -> None:
        self.play_setup()
        self.lines = self._lines_per_player()
        self.acting: dict[int, Entry] = {}  # the line each player is carrying out
        while (player := self.game.to_move(self.state)) is not None:
            entry: Entry | None = self.lines[player].popleft() if self.lines[player] else None
            command = self._command(entry, player) if entry is not None else self._idle(player)
            if command is None:
                return
            self._commit(player, command, entry)

    def _lines_per_player(self) -> list[deque[Entry]]:
        lines: list[deque[Entry]] = [deque() for _ in range(self.count)]
        for line in entries_of(self.record.data["moves"], self.labels):
            seat = player_of(line, self.labels)
            if not line.move:
                raise RecordError("unused_outcome", "chance outcomes with no move before them that draws them",
                                  move=line.number, move_text=line.text)
            if seat is None:
                raise RecordError("wrong_player", f"a 4 Gods line says who acted ({', '.join(self.labels)}), e.g. "
                                  f"\"{self.labels[0]}: draw 2\"", line.number, line.text)
            lines[seat].append(line)
        return lines

    def _command(self, entry: Entry, player: int) -> Command:
        """The line's command, happening at its `t`, with the tiles it drew handed to this player."""
        try:
            command = self.notation.parse_move(self.state, player, entry.move)
        except NotationError as exc:
            raise RecordError(exc.code, exc.detail, entry.number, entry.text, self._legal(player)) from None
        if isinstance(command, DeclareEnd):
            return command
        if entry.t is None:
            raise RecordError("missing_field", "a 4 Gods move needs `t`, the seconds since the start when it "
                              "happened, e.g. {\"t\": 12.5, \"move\": \"Alice: draw 2\"}", entry.number, entry.text)
        at_ms, start = round(entry.t * 1000), now(self.state)
        if at_ms <= start:
            raise RecordError("illegal_move", f"{self.labels[player]} acts at t={entry.t:g} s, but their previous "
                              f"action ended at {start / 1000:g} s: each player's times must grow",
                              entry.number, entry.text)
        step = f"move {entry.number} {entry.text!r}"
        kind = self.notation.inline_kind(command)
        self.chance.give([replace(self._inline_outcome(kind, token, entry), owner=player, step=step)
                          for token in entry.outcomes])
        return timed(command, at_ms)

    def _idle(self, player: int) -> Command | None:
        """A player with no line left: the end once nothing is left to do, else a look at the next moment."""
        remaining = any(self.lines)
        # actions under way (another player's wait is no reason to look again: it would be waits forever)
        pending = [self.state.ready[p] for p, plan in enumerate(self.state.plan) if plan is not None
                   and not isinstance(plan, Wait)]
        # the table agrees the end by itself once nothing more fits; a long pause (the idle end, `end.idle_ms`) ends a
        # recorded game only where its moves say so (an `end` line): the table may have played on after it
        if not remaining and world_done(self.state) and DeclareEnd(player) in self._legal_commands(player):
            return DeclareEnd(player)
        if not remaining and not pending:
            if not self.complete:
                return None
            raise RecordError("unfinished_game", f"the moves end while {self.labels[player]} can still act and "
                              "nothing says the table agreed the end", self._last_number() + 1, "",
                              self._legal(player))
        moment = now(self.state)
        times = [round(q[0].t * 1000) for q in self.lines if q and q[0].t is not None]
        later = [t for t in times + pending if t > moment]
        return Wait(player, at_ms=min(later) if later else moment + 1)

    def _commit(self, player: int, command: Command, entry: Entry | None) -> None:
        before = len(self.sink.rows)
        self.chance.step = f"move {entry.number} {entry.text!r}" if entry else "the setup"
        if entry is not None and not isinstance(command, (DeclareEnd, Wait)):  # a wait ends silently
            self.acting[player] = entry
        else:
            self.acting.pop(player, None)
        try:
            self.state, self.seq = apply_command(self.game, self.state, command, self.chance, self.sink, 0, self.seq)
        except IllegalCommand as exc:
            number, text = (entry.number, entry.text) if entry else (self._last_number() + 1, "")
            detail = self.notation.describe(self.state, exc.detail)  # type: ignore[attr-defined]
            raise RecordError("illegal_move", f"{detail} (rule {exc.rule})", number, text,
                              self._legal(player)) from None
        except ChanceError as exc:
            raise self._timed_chance_error(exc, entry) from None
        for row in self.sink.rows[before:]:
            self._settle(row[1])

    def _settle(self, event: Event) -> None:
        """A plan came due: the record must say whether it happened (a line marked failed must not)."""
        if isinstance(event, PlanFailed):
            entry = self.acting.pop(event.player, None)
            if entry is not None and not entry.failed:
                raise RecordError("illegal_move", f"it cannot happen at t={entry.t:g} s: the table does not allow "
                                  f"it then (rule {event.rule})", entry.number, entry.text, self._legal(event.player))
            if entry is not None:
                self._check_drawn(event.player, entry)
        elif isinstance(event, CARRIED_OUT):
            entry = self.acting.pop(event.player, None)
            if entry is not None and entry.failed:
                raise RecordError("not_failed", "the record says this action failed, but the table allowed it at "
                                  "that moment (remove \"failed\")", entry.number, entry.text)
            if entry is not None:
                self._check_drawn(event.player, entry)

    def _check_drawn(self, player: int, entry: Entry) -> None:
        """Tiles the line gave that its action did not draw (it failed, or the bag ran low) are an error."""
        left = [o for o in self.chance.pending if o.owner == player]
        if left:
            listed = ", ".join(o.text for o in left)
            raise RecordError("unused_outcome", f"the record gives tile(s) {listed} but this action drew "
                              f"{'nothing' if entry.failed else 'fewer'}", entry.number, entry.text)

    def _timed_chance_error(self, exc: ChanceError, entry: Entry | None) -> RecordError:
        """Place a chance error at the line whose draw it was (it happens when the draw comes due)."""
        outcome = exc.outcome
        if outcome is not None and outcome.owner is not None and outcome.owner in self.acting:
            entry = self.acting[outcome.owner]
        elif exc.code == "missing_outcome":
            draws = [e for e in self.acting.values() if e.move.lower().startswith("draw")]
            entry = min(draws, key=lambda e: e.t or 0.0) if draws else entry
        number, text = (entry.number, entry.text) if entry else (0, "setup")
        return self._chance_error(exc, number, text)

    def _finish(self) -> None:
        never = [e for e in self.acting.values() if not e.failed]  # under way when the table agreed the end
        left = sorted([*never, *(e for q in self.lines for e in q)], key=lambda e: e.number)
        if left:
            raise RecordError("illegal_move", f"the game was already over at {self.state.clock_ms / 1000:g} s (the "
                              "table agreed nothing more could be placed)", left[0].number, left[0].text)
        unused = self.chance.leftover()
        if unused:
            listed = ", ".join(f"{o.what} {o.text}" for o in unused)
            raise RecordError("unused_outcome", f"the record gives {listed} but the rules draw no such thing "
                              f"({unused[0].step or 'the setup'})")

    def _legal_commands(self, player: int) -> list[Any]:
        return list(self.game.legal_commands(self.state, player))

    def _legal(self, player: int) -> list[str]:
        return self._legal_texts(self._legal_commands(player))

    def _last_number(self) -> int:
        return len(self.record.data["moves"])


def export_timed(game: Game, ruleset: Ruleset, events: list[Event], game_id: int) -> tuple[dict[str, Any],
                                                                                             list[Any], Any]:
    """Setup, moves (with times, in time order) and final state of a logged 4 Gods game.

    Each `action_planned` is the player's command happening `think_ms` after
    it planned; the tiles a draw brought go on its line, a plan that failed
    is marked `failed`.
    """
    start = events[0]
    assert isinstance(start, GameStarted)
    initial = game.initial_state(ruleset, start.num_players, start.seed, start.agents)
    names = tile_names(initial.config.tiles)
    dealt = [e for e in events if isinstance(e, TilesDealt)]
    tie = [e.player for e in sorted(dealt, key=lambda e: e.tie_rank)]
    chance = ScriptedChance()
    chance.give([NOTATION.parse_outcome(initial, "tie_order", str(p + 1)) for p in tie])
    chance.give([Outcome("tile", names.text(t), (t,), owner=e.player) for e in events
                 if isinstance(e, (TilesDealt, TilesDrawn)) and e.tiles for t in e.tiles])
    sink = EnvelopeSink()
    state, seq = begin(game, ruleset, start, chance, sink, game_id)
    setup: dict[str, Any] = {"tile": [[names.text(t) for t in e.tiles] for e in dealt]}
    if tie != sorted(tie):
        setup["tie_order"] = [str(p + 1) for p in tie]
    lines: list[dict[str, Any]] = []
    acting: dict[int, dict[str, Any]] = {}
    while (player := game.to_move(state)) is not None:
        command = _logged_command(state, player, events[len(sink.rows)], game_id, len(sink.rows))
        line: dict[str, Any] = {"move": f"{player + 1}: {NOTATION.move_text(state, command)}"}
        if not isinstance(command, DeclareEnd):
            line = {"t": command.at_ms / 1000, **line}  # type: ignore[operator]
        before = len(sink.rows)
        state, seq = apply_command(game, state, command, chance, sink, game_id, seq)
        lines.append(line)
        if not isinstance(command, (DeclareEnd, Wait)):
            acting[player] = line
        for row in sink.rows[before:]:
            event = row[1]
            if isinstance(event, PlanFailed):
                acting.pop(event.player)["failed"] = True
            elif isinstance(event, CARRIED_OUT):
                done = acting.pop(event.player)
                if isinstance(event, TilesDrawn) and event.tiles:
                    done["move"] += f" {OUTCOME_MARK} " + ", ".join(names.text(t) for t in event.tiles)
    for line in acting.values():  # still under way when the game ended: it never happened
        line["failed"] = True
    return setup, sorted(lines, key=lambda line: line.get("t", math.inf)), state


def _logged_command(state: Any, player: int, event: Event, game_id: int, seq: int) -> Command:
    if isinstance(event, ActionPlanned) and event.player == player:
        return timed(planned_command(event), now(state) + event.think_ms)
    if isinstance(event, (LandscapeScored, GameEnded)):  # the end: scoring, then game_ended
        return DeclareEnd(player)
    raise ExportError(f"game {game_id} seq {seq}: player {player + 1} plans next, but the log has {event.TYPE}; "
                      "the log was written by other rules (check the ruleset) or altered")
