"""The replay of a record move by move (Caprices, Four Gardens), and the base of the real-time one.

`Replay` reads each written move with the game's notation, feeds the
record's chance outcomes to a `ScriptedChance` and decides the move through
the engine like an agent's command; moves with a single legal option may be
left out of a record and are applied automatically. `recorded.timed`
builds the real-time replay (4 Gods) on it; `recorded.replay` picks one.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.chance import ChanceError, Outcome, ScriptedChance
from engine.core.driver import apply_command, begin, seal
from engine.core.errors import BalanceError, IllegalCommand, RulesetError, UnknownName
from engine.core.events import Event, GameStarted
from engine.core.game import Game
from engine.core.notation import Notation, NotationError
from engine.core.ruleset import Ruleset
from engine.registry import GAMES, get_game
from recorded.entries import Entry, entries_of, normal_text, player_of
from recorded.errors import RecordError
from recorded.records import GameRecord

HUMAN = "human"


class EnvelopeSink:
    """Keeps each event with its envelope, to be written to the lake under a run and game id later."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, Event, int, int, int]] = []

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        self.rows.append((seq, event, round_, turn, clock_ms))

    @property
    def events(self) -> list[Event]:
        return [row[1] for row in self.rows]


@dataclass
class ReplayedGame:
    """A record that replayed cleanly: its log, labels and content hash."""

    record: GameRecord
    game: str
    ruleset: Ruleset
    labels: list[str]
    rows: list[tuple[int, Event, int, int, int]]
    scores: list[float]
    content_hash: str


def notation_of(game: Game) -> Notation:
    """The game's notation (`engine/<game>/notation.py`); RecordError when it has none (e.g. caprices-joust)."""
    try:
        module = importlib.import_module(f"engine.{game.id}.notation")
    except ImportError:
        raise RecordError("unknown_game", f"{game.id} games cannot be recorded (no move notation)") from None
    return module.NOTATION  # type: ignore[no-any-return]


def is_timed(game: Game) -> bool:
    """Whether the game's records carry times (4 Gods): they replay, export and record in real time."""
    return bool(getattr(notation_of(game), "timed", False))


class Replay:
    """The state of one record's replay (one instance per record)."""

    complete = True  # a real-time replay (recorded.timed) stops where the lines run out when False

    def __init__(self, record: GameRecord, rulesets: dict[tuple[str, str], Ruleset]) -> None:
        self.record = record
        data = record.data
        self.game = _game_of(data)
        self.notation = notation_of(self.game)
        _check_game_fits(self.game, data)
        name = data.get("ruleset") or self.game.default_ruleset
        if (self.game.id, name) not in rulesets:
            rulesets[self.game.id, name] = _ruleset_of(self.game, name)
        self.ruleset = rulesets[self.game.id, name]
        self.labels = _labels(data, self.game)
        self.count = len(self.labels)
        self.sink = EnvelopeSink()
        self.chance = ScriptedChance()
        self.entry: Entry | None = None
        self.forced: list[str] = []  # forced moves applied since the last written line (normalised text)

    def run(self) -> ReplayedGame:
        data = self.record.data
        self.play_written()
        self._finish()
        scores = self.game.scores(self.state)
        _check_scores(data.get("scores"), scores, self.labels)
        seal(self.game, self.state, self.sink, 0, self.seq)
        return ReplayedGame(self.record, self.game.id, self.ruleset, self.labels, self.sink.rows, scores,
                            content_hash(self.sink.events))

    def play_written(self) -> None:
        """The setup and every written move (the game may go on: `balance record` continues it)."""
        self.play_setup()
        for entry in entries_of(self.record.data["moves"], self.labels):
            self._play_entry(entry)

    def play_setup(self) -> None:
        """The game started and set up with the record's setup outcomes."""
        data = self.record.data
        agents = tuple(data.get("agents") or [HUMAN] * self.count)
        if len(agents) != self.count:
            raise RecordError("wrong_player_count", f"{len(agents)} agents for {self.count} players")
        start = GameStarted(int(data.get("seed", 0)), self.count, self.ruleset.name, self.ruleset.digest, agents)
        self.state = self._initial_state(start)
        self._give(self._setup_outcomes(data.get("setup", {})), 0, "setup")
        try:
            self.state, self.seq = begin(self.game, self.ruleset, start, self.chance, self.sink)
        except ChanceError as exc:
            raise self._chance_error(exc, 0, "setup") from None

    def _initial_state(self, start: GameStarted) -> Any:
        allowed = self.game.facts.player_counts
        if self.count not in allowed:
            raise RecordError("wrong_player_count",
                              f"{self.count} players; {self.game.id} is played by {list(allowed)}")
        try:
            return self.game.initial_state(self.ruleset, self.count, start.seed, start.agents)
        except RulesetError as exc:
            raise RecordError("wrong_player_count", exc.reason) from None

    def _setup_outcomes(self, setup: dict[str, Any]) -> list[Outcome]:
        defaults = getattr(self.notation, "setup_defaults", None)
        setup = {**(defaults(self.count) if defaults is not None else {}), **setup}
        outcomes = []
        for kind, value in setup.items():
            tokens = _flatten(value)
            per_player = kind in getattr(self.notation, "per_player_kinds", ("hand",))  # one list per player
            if per_player and isinstance(value, list) and any(isinstance(v, list) for v in value) \
                    and len(value) != self.count:
                what = "hands" if kind == "hand" else f"{kind} lists"
                raise RecordError("wrong_player_count", f"setup lists {len(value)} {what} for {self.count} players",
                                  move=0, move_text="setup")
            outcomes += [self._outcome(kind, token, 0, "setup") for token in tokens]
        return outcomes

    def _outcome(self, kind: str, token: str, number: int, text: str) -> Outcome:
        if kind not in self.notation.outcome_kinds:
            suggestion = _other_game_with_kind(self.game.id, kind)
            if suggestion:
                raise RecordError("wrong_game", f"chance outcome kind {kind!r} belongs to {suggestion}, not "
                                  f"{self.game.id}; is `game` right?", move=number, move_text=text)
            raise RecordError("unknown_outcome", f"unknown chance outcome kind {kind!r}; {self.game.id} draws "
                              f"{', '.join(self.notation.outcome_kinds)}", move=number, move_text=text)
        try:
            return self.notation.parse_outcome(self.state, kind, token)
        except NotationError as exc:
            raise RecordError(exc.code, exc.detail, move=number, move_text=text) from None

    def _give(self, outcomes: list[Outcome], number: int, text: str) -> None:
        self.given = (number, text)
        self.chance.step = "the setup" if number == 0 else f"move {number} {text!r}"
        self.chance.give(outcomes)

    def _check_all_drawn(self) -> None:
        """Outcomes given with the last written move (or the setup) must all be drawn by now."""
        number, text = self.given
        left = self.chance.leftover()
        if left:
            listed = ", ".join(f"{o.what} {o.text}" for o in left)
            raise RecordError("unused_outcome", f"the record gives {listed} but the rules draw no such thing here",
                              move=number, move_text=text)

    def _play_entry(self, entry: Entry) -> None:
        self.entry = entry
        if not entry.move:
            raise RecordError("unused_outcome", "chance outcomes with no move before them that draws them",
                              move=entry.number, move_text=entry.text)
        self._apply_forced_moves()
        if self._restates_forced(entry):
            return
        player = self.game.to_move(self.state)
        if player is None:
            raise RecordError("illegal_move", "the game is already over", move=entry.number, move_text=entry.text)
        legal = self.game.legal_commands(self.state, player)
        wanted = player_of(entry, self.labels)
        if wanted is not None and wanted != player:
            raise RecordError("wrong_player", f"it is {self.labels[player]}'s move, not {self.labels[wanted]}'s",
                              entry.number, entry.text, self._legal_texts(legal))
        command = self._parse(entry, player, legal)
        self._check_all_drawn()  # forced moves since the last written one may have used its outcomes
        kind = self.notation.inline_kind(command)
        self._give([self._inline_outcome(kind, token, entry) for token in entry.outcomes], entry.number, entry.text)
        self._decide(command, legal, entry)
        self.forced = []

    def _apply_forced_moves(self) -> None:
        """Apply every move with no alternative, unless it needs outcomes the record gives only with it."""
        while (player := self.game.to_move(self.state)) is not None:
            legal = self.game.legal_commands(self.state, player)
            if len(legal) != 1:
                return
            pending = list(self.chance.pending)
            text = self.notation.move_text(self.state, legal[0])
            try:
                self.state, self.seq = apply_command(self.game, self.state, legal[0], self.chance, self.sink, 0,
                                                     self.seq)
            except ChanceError as exc:
                if exc.code != "missing_outcome":
                    raise self._chance_error(exc, *self.given) from None
                self.chance.pending = pending  # written with its own outcomes: the next line is this move
                return
            self.forced.append(normal_text(text))

    def _restates_forced(self, entry: Entry) -> bool:
        """A written move that repeats a forced move applied since the last line (and any before it) is claimed."""
        text = normal_text(entry.move)
        if text in self.forced and not entry.outcomes:
            del self.forced[:self.forced.index(text) + 1]
            return True
        return False

    def _parse(self, entry: Entry, player: int, legal: Sequence[Any]) -> Any:
        try:
            return self.notation.parse_move(self.state, player, entry.move)
        except NotationError as exc:
            raise RecordError(exc.code, exc.detail, entry.number, entry.text, self._legal_texts(legal)) from None

    def _inline_outcome(self, kind: str | None, token: str, entry: Entry) -> Outcome:
        word, _, rest = token.partition(" ")
        if rest and word in self.notation.outcome_kinds:
            return self._outcome(word, rest.strip(), entry.number, entry.text)
        if kind is None:
            raise RecordError("unused_outcome", f"outcome {token!r} after a move that draws nothing named; "
                              f"write its kind ({', '.join(self.notation.outcome_kinds)})", entry.number, entry.text)
        return self._outcome(kind, token, entry.number, entry.text)

    def _decide(self, command: Any, legal: Sequence[Any], entry: Entry) -> None:
        try:
            if command not in legal:
                self.game.decide(self.state, command, self.chance)  # raises IllegalCommand naming the rule
                raise IllegalCommand("not_legal", "not among the legal moves")
            self.state, self.seq = apply_command(self.game, self.state, command, self.chance, self.sink, 0, self.seq)
        except IllegalCommand as exc:
            describe = getattr(self.notation, "describe", None)
            detail = describe(self.state, exc.detail) if describe is not None else exc.detail
            raise RecordError("illegal_move", f"{detail} (rule {exc.rule})", entry.number, entry.text,
                              self._legal_texts(legal)) from None
        except ChanceError as exc:
            raise self._chance_error(exc, entry.number, entry.text) from None

    def _chance_error(self, exc: ChanceError, number: int, text: str) -> RecordError:
        detail = exc.detail
        locate = getattr(self.notation, "locate", None)
        if exc.outcome is not None and locate is not None:
            where = locate(self.state, exc.outcome, self.labels)
            detail += f"; it is {where}" if where else ""
        return RecordError(exc.code, detail, move=number, move_text=text)

    def _finish(self) -> None:
        """Apply trailing forced moves; the game must then be over."""
        self._apply_forced_moves()
        player = self.game.to_move(self.state)
        if player is not None:
            number = (self.entry.number + 1) if self.entry else 1
            legal = self.game.legal_commands(self.state, player)
            raise RecordError("unfinished_game", f"the moves end while it is {self.labels[player]}'s move",
                              number, "", self._legal_texts(legal))
        self._check_all_drawn()

    def _legal_texts(self, legal: Sequence[Any]) -> list[str]:
        return [self.notation.move_text(self.state, c) for c in legal]


def _game_of(data: dict[str, Any]) -> Game:
    try:
        return get_game(data["game"])
    except UnknownName:
        raise RecordError("unknown_game", f"unknown game {data['game']!r}; known: {', '.join(sorted(GAMES))}",
                          move=None) from None


def _check_game_fits(game: Game, data: dict[str, Any]) -> None:
    """A record of another game (its setup kinds or ruleset belong elsewhere) is `wrong_game`, said plainly."""
    kinds = set(data.get("setup", {}))
    if kinds <= set(notation_of(game).outcome_kinds):
        return
    others = [other for other in sorted(GAMES) if other != game.id and kinds and kinds <= _kinds_of(other)]
    if others:
        raise RecordError("wrong_game", f"the setup ({', '.join(sorted(kinds))}) is a {' or '.join(others)} setup, "
                          f"but `game` says {game.id}; is `game` right?", move=0, move_text="setup")


def _ruleset_of(game: Game, name: str) -> Ruleset:
    try:
        return game.load_ruleset(name)
    except BalanceError as exc:
        raise RecordError("unknown_ruleset", f"field ruleset: {name!r} of {game.id}: {exc}") from None


def _labels(data: dict[str, Any], game: Game) -> list[str]:
    players = data["players"]
    if isinstance(players, int):
        return [str(seat + 1) for seat in range(players)]
    return list(players)


def _flatten(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [token for item in value for token in _flatten(item)]


def _check_scores(recorded: list[float] | None, scores: list[float], labels: list[str]) -> None:
    if recorded is None:
        return
    if len(recorded) != len(scores):
        raise RecordError("wrong_player_count", f"{len(recorded)} scores recorded for {len(scores)} players")
    wrong = [f"{labels[i]} recorded {r:g}, the rules give {s:g}" for i, (r, s) in enumerate(zip(recorded, scores))
             if abs(r - s) > 1e-9]
    if wrong:
        raise RecordError("score_mismatch", "; ".join(wrong) + " (recount the table, or check the ruleset)")


def _other_game_with_kind(game_id: str, kind: str) -> str | None:
    for other in sorted(GAMES):
        if other != game_id and kind in _kinds_of(other):
            return other
    return None


def _kinds_of(game_id: str) -> set[str]:
    """The outcome kinds of a game's notation (none for a game that has no notation)."""
    try:
        return set(notation_of(get_game(game_id)).outcome_kinds)
    except RecordError:
        return set()


def content_hash(events: list[Event]) -> str:
    """What identifies a game: its events (not file names or notes), so the same game is recognised anywhere."""
    text = "\n".join(repr(event) for event in events)
    return hashlib.sha256(text.encode()).hexdigest()
