"""Typed errors: every message names what is at fault and what to do."""


class BalanceError(Exception):
    """Base of every error the toolkit raises on purpose."""


class IllegalCommand(BalanceError):
    """A command broke a rule; `rule` names the rule, the state is unchanged."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"illegal command ({rule}): {detail}")
        self.rule = rule
        self.detail = detail


class RulesetError(BalanceError):
    """A ruleset file is malformed: the message names the file and key."""

    def __init__(self, path: str, key: str, reason: str) -> None:
        super().__init__(f"{path}: key '{key}': {reason}")
        self.path = path
        self.key = key
        self.reason = reason


class ReplayError(BalanceError):
    """A log does not replay: names the game and seq at fault."""


class UnknownName(BalanceError):
    """A game, agent or ruleset name that does not exist (lists the valid ones)."""
