"""`balance record` for a turn-based game: the person types a live playtest in, move by move.

The recorder shows whose move it is and what the table shows, lists the
legal moves with short keys (a number, or the move written out), and asks
for each chance outcome when the rules draw it (which card came off the
pile). The file is saved after every move; `u` undoes the last move.
`recorded.timed_recorder` builds the real-time recorder on this one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter

from engine.core.chance import Chance
from engine.core.driver import apply_command, begin
from engine.core.errors import BalanceError, IllegalCommand
from engine.core.events import GameStarted
from engine.core.notation import Notation, NotationError
from lake.layout import write_json_atomic
from recorded.entries import OUTCOME_MARK
from recorded.records import GameRecord
from recorded.replay import make_replay
from recorded.turn_replay import HUMAN, Replay

HELP = "type a number or a move; u = undo the last move, q = save and stop, ? = this help"


class Quit(Exception):
    """The person stopped recording (the file is saved)."""


class AskingChance(Chance):
    """Asks the person for each chance outcome when the rules draw it, and checks it could come out."""

    recorded = True

    def __init__(self, ask: Callable[[str], str], notation: Notation, state: Any, defaults: dict[str, Any],
                 labels: Sequence[str] = (), typed: Sequence[str] = ()) -> None:
        super().__init__(0)
        self.ask, self.notation, self.state, self.defaults = ask, notation, state, defaults
        self.labels = labels  # player names, to say whose hand (or draw) is being typed
        self.typed = list(typed)  # outcomes typed with the move (`take deck > A3`), used before asking
        self.taken: list[tuple[str, list[str]]] = []  # (kind, tokens) per draw, in order

    def draw(self, what: str, pool: Sequence[Any], count: int = 1, owner: int | None = None) -> list[Any]:
        if what in self.defaults:  # an outcome a record may leave out (4 Gods' tie order): not asked, not written
            chosen = self._check(what, list(self.defaults[what])[:count], pool, count)
            assert chosen is not None, f"the default {what} does not fit"
            return chosen
        whose = f" for {self.labels[owner]}" if owner is not None and owner < len(self.labels) else ""
        while True:
            text = self.typed.pop(0) if self.typed else self.ask(
                f"[{what}] {self.notation.outcome_kinds[what]}{whose}: which {count} {what}(s)? ")
            answer = [text] if count == 1 else text.replace(",", " ").split()
            chosen = self._check(what, answer, pool, count)
            if chosen is not None:
                self.taken.append((what, answer))
                return chosen

    def _check(self, what: str, answer: list[str], pool: Sequence[Any], count: int) -> list[Any] | None:
        if len(answer) != count:
            print(f"  give {count} {what}(s), separated by spaces")
            return None
        chosen: list[Any] = []
        for token in answer:
            try:
                candidates = self.notation.parse_outcome(self.state, what, token).candidates
            except NotationError as exc:
                print(f"  {exc.detail}")
                return None
            item = next((c for c in candidates if c in pool and c not in chosen), None)
            if item is None:
                print(f"  {token} cannot come out now (already seen); check it and type it again")
                return None
            chosen.append(item)
        return chosen


class Recorder:
    """One recording session over one file."""

    def __init__(self, path: Path, record: dict[str, Any], session: PromptSession[str]) -> None:
        self.path, self.record, self.session = path, record, session

    def ask(self, question: str, choices: Sequence[str] = ()) -> str:
        """The person's answer; `choices` (the legal moves written out) complete as they type."""
        completer = WordCompleter(list(choices), sentence=True) if choices else None
        answer = self.session.prompt(question, completer=completer).strip()
        if answer.lower() in ("q", "quit"):
            raise Quit
        return answer

    def save(self) -> None:
        write_json_atomic(self.record, self.path)

    def run(self) -> dict[str, Any]:
        """Record until the game ends (returns the finished record) or the person quits (raises Quit)."""
        if "setup" not in self.record:
            self._record_setup()
        return self.record_moves()

    def record_moves(self) -> dict[str, Any]:
        """Ask for each move until the game ends (returns the finished record)."""
        while True:
            replay = self._replay()
            if self._apply_forced(replay):
                continue
            player = replay.game.to_move(replay.state)
            if player is None:
                return self._finish(replay)
            self._one_move(replay, player)

    def _replay(self) -> Replay:
        replay = make_replay(GameRecord(str(self.path), 1, self.record), {})
        replay.complete = False  # a real-time replay stops where the lines run out
        replay.play_written()
        replay._apply_forced_moves()
        return replay

    def _record_setup(self) -> None:
        replay = Replay(GameRecord(str(self.path), 1, {**self.record, "moves": []}), {})
        agents = tuple([HUMAN] * replay.count)
        start = GameStarted(0, replay.count, replay.ruleset.name, replay.ruleset.digest, agents)
        state = replay.game.initial_state(replay.ruleset, replay.count, 0, agents)
        print(f"Setup of {replay.game.id} for {', '.join(replay.labels)}: type what was dealt.")
        defaults = getattr(replay.notation, "setup_defaults", None)
        chance = AskingChance(self.ask, replay.notation, state, defaults(replay.count) if defaults else {},
                              replay.labels)
        begin(replay.game, replay.ruleset, start, chance, _Discard())
        setup: dict[str, Any] = {}
        for kind, tokens in chance.taken:
            setup.setdefault(kind, []).append(tokens)
        self.record["setup"] = {k: (v[0][0] if len(v[0]) == 1 else v[0]) if len(v) == 1 else v
                                for k, v in setup.items()}
        self.save()

    def _apply_forced(self, replay: Replay) -> bool:
        """A forced move that draws something is written with what it drew; True when one was."""
        player = replay.game.to_move(replay.state)
        if player is None:
            return False
        legal = replay.game.legal_commands(replay.state, player)
        if len(legal) != 1:
            return False
        print(f"{replay.labels[player]} must {replay.notation.move_text(replay.state, legal[0])}")
        self._write(replay, player, legal[0])
        return True

    def _one_move(self, replay: Replay, player: int) -> None:
        legal = replay.game.legal_commands(replay.state, player)
        texts = [replay.notation.move_text(replay.state, c) for c in legal]
        table = getattr(replay.notation, "table_text", None)
        if table is not None:
            print(table(replay.state, replay.labels))
        print(f"{replay.labels[player]} to move:")
        for key, text in enumerate(texts, start=1):
            print(f"  {key:>3}  {text}")
        while True:
            answer = self.ask(f"{replay.labels[player]}> ", texts)
            if answer in ("?", "h", "help"):
                print(HELP)
            elif answer.lower() in ("u", "undo"):
                self._undo()
                return
            else:
                move, _, drawn = answer.partition(OUTCOME_MARK)  # the notation's `take deck > A3`: what came out
                command = self._command(replay, player, move.strip(), legal, texts)
                if command is not None:
                    self._write(replay, player, command, [t.strip() for t in drawn.split(",") if t.strip()])
                    return

    def _command(self, replay: Replay, player: int, answer: str, legal: Sequence[Any], texts: list[str]) -> Any:
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            command = replay.notation.parse_move(replay.state, player, answer)
        except NotationError as exc:
            print(f"  {exc.detail}")
            return None
        if command not in legal:
            print(f"  not a legal move now: {self._refusal(replay, command)} ({HELP})")
            return None
        return command

    @staticmethod
    def _refusal(replay: Replay, command: Any) -> str:
        """Why the rules refuse the move (the rule ingest names too), from deciding it on the current state."""
        try:
            replay.game.decide(replay.state, command, Chance(0))
        except IllegalCommand as exc:
            return f"{exc.detail} (rule {exc.rule})"
        return "the rules allow it, but not at this step"

    def _write(self, replay: Replay, player: int, command: Any, typed: Sequence[str] = ()) -> None:
        """Decide the move (asking for what it draws, unless typed with it), then write its line and save."""
        text = replay.notation.move_text(replay.state, command)
        chance = AskingChance(self.ask, replay.notation, replay.state, {}, replay.labels, typed)
        try:
            apply_command(replay.game, replay.state, command, chance, _Discard(), 0, 0)
        except IllegalCommand as exc:
            raise BalanceError(f"the rules refused a listed move ({exc}); please report it") from None
        inline = replay.notation.inline_kind(command)
        drawn = [token if kind == inline else f"{kind} {token}" for kind, tokens in chance.taken for token in tokens]
        line = f"{replay.labels[player]}: {text}" + (f" {OUTCOME_MARK} " + ", ".join(drawn) if drawn else "")
        self.record["moves"].append(line)
        self.save()

    def _undo(self) -> None:
        """Take the last move back once the person confirms it (a stray 'u' loses nothing)."""
        if not self.record["moves"]:
            print("  nothing to undo")
            return
        last = self.record["moves"][-1]
        if self.ask(f"  undo {_shown(last)}? (y = yes) ").lower() not in ("y", "yes"):
            print("  kept")
            return
        print(f"  undone: {_shown(self.record['moves'].pop())}")
        self.save()

    def _finish(self, replay: Replay) -> dict[str, Any]:
        scores = [int(s) if float(s).is_integer() else s for s in replay.game.scores(replay.state)]
        shown = " ".join(str(s) for s in scores)
        answer = self.ask(f"Game over. Scores counted at the table (Enter = the rules' count {shown}): ")
        try:
            self.record["scores"] = [float(x) if "." in x else int(x) for x in answer.split()] if answer else scores
        except ValueError:
            self.record["scores"] = scores
        self.save()
        return self.record


def _shown(move: Any) -> str:
    """A record line as typed: a timed line (4 Gods) is its time and move."""
    return f"{move['t']:g} {move['move']}" if isinstance(move, dict) and "t" in move else str(move)


class _Discard:
    def append(self, *args: Any) -> None:
        return None
