"""Typed errors: every message names what is at fault and what to do."""

from typing import Any


class BalanceError(Exception):
    """Base of every error the toolkit raises on purpose.

    Picklable whatever the subclass's `__init__` takes: an error raised in a
    pool worker reaches the parent as itself (message and fields), instead of
    breaking the pool when the parent cannot rebuild it from its message alone.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), self.args, self.__dict__)


def _rebuild(cls: type[BalanceError], args: tuple[Any, ...], state: dict[str, Any]) -> BalanceError:
    """An error as pickled by `BalanceError.__reduce__`, without calling the subclass's `__init__`."""
    error = cls.__new__(cls, *args)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class IllegalCommand(BalanceError):
    """A command broke a rule; `rule` names the rule, the state is unchanged."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"illegal command ({rule}): {detail}")
        self.rule = rule
        self.detail = detail


class RulesetError(BalanceError):
    """A ruleset file is malformed: the message names the file and key (FILE_LEVEL: the file as a whole)."""

    FILE_LEVEL = "-"  # not a key: the file cannot be read, is not text, or is not TOML

    def __init__(self, path: str, key: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}" if key == self.FILE_LEVEL else f"{path}: key '{key}': {reason}")
        self.path = path
        self.key = key
        self.reason = reason


class ReplayError(BalanceError):
    """A log does not replay: names the game and seq at fault."""


class UnknownName(BalanceError):
    """A game, agent or ruleset name that does not exist (lists the valid ones)."""
