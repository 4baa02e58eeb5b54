"""The errors of recorded games: a record that cannot be read or replayed, a log that cannot be exported."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import BalanceError


@dataclass
class RecordError(BalanceError):
    """Why a recorded game (or a whole file) is rejected: a named code and every detail a person needs."""

    code: str
    detail: str
    move: int | None = None  # 1-based position in `moves`; 0 = the setup
    move_text: str = ""
    legal: list[str] = field(default_factory=list)
    file: str = ""
    game: int | None = None  # 1-based position in the file
    title: str = ""  # the game's title, when the record gives one
    record: Any = field(default=None, repr=False, compare=False)  # the rejected game's JSON, when known

    def __post_init__(self) -> None:
        super().__init__(self.message())

    def message(self) -> str:
        """One line: file, game, move, the move, the code and why, and the legal moves."""
        where = [self.file or "<input>"]
        if self.game is not None:
            where.append(f"game {self.game}" + (f" ({self.title})" if self.title else ""))
        if self.move is not None:
            step = "setup" if self.move == 0 else f"move {self.move}"
            where.append(f"{step} {self.move_text!r}" if self.move_text and self.move_text != "setup" else step)
        text = f"{': '.join(where)}: {self.code}: {self.detail}"
        if self.legal:
            shown = ", ".join(self.legal[:40]) + (f", ... ({len(self.legal)} in all)" if len(self.legal) > 40 else "")
            text += f"; legal moves: {shown}"
        return text

    def at(self, file: str, game: int | None, title: str = "") -> RecordError:
        """The same error placed in a file and game."""
        self.file, self.game, self.title = file, game, title
        self.args = (self.message(),)
        return self


class ExportError(BalanceError):
    """A log that cannot be written as a record (names the game and seq)."""
