"""Learning the `distilled` agent's weights for a ruleset: the reference search's choices, fitted (issue 25).

The teacher is the reference search (`ismcts-ref`) in 2-player self-play on
the ruleset in hand, from seed TEACHER_SEED: TEACHER_GAMES games for the
shipped weights, VARIANT_TEACHER_GAMES for any other ruleset, whose fit starts
from the shipped weights and keeps near them (a prior). At each of
its decisions with a choice the features of every legal command
(`features.py`, from the deciding player's view) are kept with the
share of the search's root visits that command got. The weights are those of
a conditional logit (a softmax over the legal commands of one decision)
fitted to these shares by L-BFGS (scipy), with a small ridge penalty.

`weights_for(rules, game)` gives the weights of a compiled ruleset: those
shipped with the code when its digest is theirs (`distilled_standard.json`),
else those learnt earlier on this machine (`$BALANCE_CACHE_DIR`, by default
`~/.cache/balance`, one file per ruleset digest and `fingerprint()`), else it
learns them now (about 6 CPU seconds) and keeps them there. Learning is
deterministic on one software stack (numpy, scipy): the same ruleset gives the
same weights, so the same seed still gives the same game; another stack may
round a fit differently, which the run records' `strong_plays` cannot see.

    python -m simulate.distilled_weights --ruleset standard    # rebuild the shipped weights
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engine.caprices.agents.features import FEATURES, FEATURES_VERSION, features
from engine.caprices.rules import Rules, compile_rules
from engine.core.agents import REFERENCE_SEARCH, make_agent
from engine.core.driver import NullSink, play_game
from engine.core.errors import BalanceError
from engine.core.game import Game, InfoSet
from engine.core.ismcts import IsmctsAgent, Node
from engine.core.ruleset import Ruleset

TEACHER_GAMES = 64
"""Teacher games for the shipped weights (learnt from scratch)."""
VARIANT_TEACHER_GAMES = 16
"""Teacher games for any other ruleset, whose fit starts from the shipped weights and is pulled towards them."""
TEACHER_SEED = 880_000
RIDGE = 1e-3
PRIOR_PULL = 3e-3
"""A variant's ridge towards the shipped weights: what the search chose under the standard rules is the prior."""
SHIPPED = Path(__file__).with_name("distilled_standard.json")
Decision = tuple[np.ndarray, np.ndarray]
"""One teacher decision: the legal commands' features, and the search's visits of each."""

_LEARNT: dict[int, np.ndarray] = {}  # weights by the Rules' identity, for this process


def weights_for(rules: Rules, game: Game) -> np.ndarray:
    """The weights for `rules`: shipped, kept on this machine, or learnt now on `game` (and kept)."""
    weights = _LEARNT.get(id(rules))
    if weights is None:
        ruleset = rules.source
        if ruleset is None:
            raise TypeError("distilled needs Rules from compile_rules, which records the ruleset to learn on")
        stored = _stored(ruleset)
        weights = _LEARNT[id(rules)] = stored if stored is not None else _learn_and_keep(game, ruleset)
    return weights


@functools.lru_cache(maxsize=1)
def fingerprint() -> str:
    """What the learnt weights depend on besides the ruleset: the features, the teacher, the prior (the shipped
    weights). Part of `strong_plays` and of every kept file's name, so no run or cache mixes two policies."""
    text = json.dumps([FEATURES_VERSION, FEATURES, REFERENCE_SEARCH, TEACHER_SEED, VARIANT_TEACHER_GAMES,
                       PRIOR_PULL, _shipped().tolist()])
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def cache_dir() -> Path:
    """Where weights learnt for other rulesets are kept (`$BALANCE_CACHE_DIR`, else ~/.cache/balance)."""
    return Path(os.environ.get("BALANCE_CACHE_DIR") or Path.home() / ".cache" / "balance")


def _cache_file(ruleset: Ruleset) -> Path:
    return cache_dir() / f"caprices-distilled-{ruleset.digest}-{fingerprint()}.json"


def _shipped() -> np.ndarray:
    """The shipped weights (a damaged file is an error that names it: the package needs reinstalling)."""
    weights = _read(SHIPPED)
    if weights is None:
        raise BalanceError(f"{SHIPPED}: not a weights file of {FEATURES} numbers; reinstall the package or rebuild "
                           "it with `python -m simulate.distilled_weights --ruleset standard`")
    return weights


def _read(path: Path, digest: str | None = None) -> np.ndarray | None:
    """The weights in `path` (None when absent, unreadable, of another ruleset, or not FEATURES finite numbers)."""
    try:
        record = json.loads(path.read_text())
        weights = np.array(record["weights"], dtype=float)
        if digest is not None and record["digest"] != digest:
            return None
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return weights if weights.shape == (FEATURES,) and np.isfinite(weights).all() else None


def _stored(ruleset: Ruleset) -> np.ndarray | None:
    shipped = json.loads(SHIPPED.read_text()).get("digest") if SHIPPED.exists() else None
    if shipped == ruleset.digest:
        return _shipped()
    path = _cache_file(ruleset)
    weights = _read(path, ruleset.digest)
    if weights is None and path.exists():
        warnings.warn(f"{path}: not a weights file for ruleset {ruleset.name!r} ({ruleset.digest}); learning them "
                      "again", stacklevel=2)
    return weights


def _learn_and_keep(game: Game, ruleset: Ruleset) -> np.ndarray:
    """Learn under a lock on the ruleset's file: a second process (a study's other worker) waits, then reads.

    A folder that cannot be written only costs the keeping: the weights are used, with a warning."""
    path = _cache_file(ruleset)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_suffix(".lock").touch()
    except OSError as exc:
        warnings.warn(f"{path.parent}: cannot keep learnt weights there ({exc}); set BALANCE_CACHE_DIR", stacklevel=2)
        return _learn(game, ruleset)
    import fcntl  # (POSIX; only when learning)

    with open(path.with_suffix(".lock")) as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        kept = _read(path, ruleset.digest)
        if kept is not None:
            return kept
        weights = _learn(game, ruleset)
        _write_whole(path, json.dumps(record(ruleset, weights, VARIANT_TEACHER_GAMES, "shipped")))
    return weights


def _learn(game: Game, ruleset: Ruleset) -> np.ndarray:
    return learn(game, ruleset, VARIANT_TEACHER_GAMES, prior=_shipped())


def _write_whole(path: Path, text: str) -> None:
    """Write `path` whole or not at all (a temporary file, flushed to disk, then renamed)."""
    handle, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def record(ruleset: Ruleset, weights: np.ndarray, games: int, prior: str) -> dict[str, Any]:
    """What a weights file holds: the ruleset and its digest, how they were learnt, and the weights."""
    return {"ruleset": ruleset.name, "digest": ruleset.digest, "teacher": REFERENCE_SEARCH, "teacher_games": games,
            "teacher_seed": TEACHER_SEED, "prior": prior, "features_version": FEATURES_VERSION,
            "weights": [float(w) for w in weights]}


def learn(game: Game, ruleset: Ruleset, games: int = TEACHER_GAMES, seed: int = TEACHER_SEED,
          prior: np.ndarray | None = None) -> np.ndarray:
    """Weights fitted to the reference search's choices in `games` 2-player self-play games of `game` on
    `ruleset` (from `prior` and pulled towards it, when given)."""
    return fit(teacher_decisions(game, ruleset, games, seed), prior=prior)


def teacher_decisions(game: Game, ruleset: Ruleset, games: int, seed: int) -> list[Decision]:
    """Every decision with a choice in the teacher's self-play games, with the search's visits."""
    counts = compile_rules(ruleset).player_counts
    players = 2 if 2 in counts else min(counts)  # the cheapest table the ruleset allows
    decisions: list[Decision] = []
    for k in range(games):
        play_game(game, ruleset, [_Teacher(game, decisions) for _ in range(players)], seed + k, NullSink(), k)
    return decisions


class _Teacher(IsmctsAgent):
    """The reference search, unchanged, noting the features and root visits of each decision it searched."""

    def __init__(self, game: Game, decisions: list[Decision]) -> None:
        ref = make_agent(REFERENCE_SEARCH, game)
        super().__init__(ref.name, ref.iterations, ref.policy, ref.tactical, ref.profile)
        self.decisions = decisions
        self._grown: Node | None = None

    def grow(self, game: Game, info: InfoSet, root: Node, rng: random.Random) -> Node:
        self._grown = super().grow(game, info, root, rng)
        return self._grown

    def search(self, game: Game, info: InfoSet, legal: Sequence[Any], rng: random.Random) -> Any:
        self._grown = None
        command = super().search(game, info, legal, rng)
        root = self._grown
        if root is not None:
            visits = np.array([root.children[c].visits if c in root.children else 0 for c in legal], dtype=float)
            if visits.sum() > 0:  # (a decision the search never visited teaches nothing)
                self.decisions.append((features(info.view(), legal), visits))
        return command


def fit(decisions: Sequence[Decision], ridge: float = RIDGE, prior: np.ndarray | None = None) -> np.ndarray:
    """The conditional logit's weights that best give each decision's visit shares (L-BFGS), with a ridge
    towards zero, or towards `prior` (PRIOR_PULL) when given."""
    from scipy.optimize import minimize  # only when learning: playing never pays scipy's import

    if prior is None:
        centre = np.zeros(FEATURES)
        start = centre.copy()
        start[0] = 0.3  # greedy's own choice, where the fit starts
    else:
        centre, start, ridge = prior, prior.copy(), PRIOR_PULL
    result = minimize(_loss, start, args=(decisions, ridge, centre), jac=True, method="L-BFGS-B")
    weights = np.asarray(result.x, dtype=float)
    if not np.isfinite(weights).all():
        raise BalanceError(f"the fit of the distilled policy diverged ({result.message}); no weights kept")
    return weights


def _loss(weights: np.ndarray, decisions: Sequence[Decision], ridge: float,
          centre: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean cross-entropy of the softmax against the visit shares, plus the ridge towards `centre`; and its
    gradient."""
    loss, gradient = 0.0, np.zeros_like(weights)
    for rows, visits in decisions:
        target = visits / visits.sum()
        scores = rows @ weights
        scores -= scores.max()
        shares = np.exp(scores)
        shares /= shares.sum()
        loss -= float(target @ np.log(shares + 1e-12))
        gradient -= rows.T @ (target - shares)
    n, off = max(len(decisions), 1), weights - centre
    return loss / n + ridge * float(off @ off), gradient / n + 2 * ridge * off
