"""Information-set Monte Carlo tree search (SO-ISMCTS: Cowling, Powley & Whitehouse 2012).

The agent `ismcts[:N[:POLICY]]` searches N iterations per decision (N
defaults to the game's `SearchProfile.iterations`) from its player's
information set. Each iteration:

1. determinise: `InfoSet.sample` re-deals everything hidden from the player
   (`game.resample_hidden`), so the agent never reads the true hidden
   information, only a world consistent with what it has seen;
2. select: descend the one tree through the commands legal in that world,
   each step by UCB1 over the children that were available (availability
   counts, since which commands exist depends on the determinisation);
   opponents' nodes maximise the opponents' own rewards;
3. expand: add one untried legal command;
4. roll out: POLICY (random by default, any plain agent name such as
   `greedy`) plays up to `SearchProfile.horizon` more decisions;
5. evaluate: the final scores if the game ended, else the game's cheap
   estimate (`SearchProfile.evaluate`, told who searches); a player's reward is a logistic of
   its margin over the best opponent, in units of `SearchProfile.scale`;
6. back-propagate: each node is credited with the reward of the player who
   chose it.

The command played is the root's most visited child. Chance inside the search
(think times, reshuffles) draws from the agent's own stream, so a decision is
a function of the view, the legal commands and the agent's seed: deterministic
given the seed, and identical for two states that differ only in hidden
information (tests/test_ismcts.py). Consecutive decisions of the same player
(a turn's chain of small choices) reuse the subtree of the command just played
when no other player moved in between, so a long chain costs about one budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.chance import Chance
from engine.core.errors import UnknownName
from engine.core.game import Game, InfoSet, SearchProfile

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1] (sqrt(2)/2: the usual choice for such rewards)."""
DECIDED_EVERY = 8
"""With `stop_early`, how many iterations apart the search checks whether its choice is already decided."""




class Node:
    """Statistics of one command in the tree, from the view of the player who chose it."""

    __slots__ = ("visits", "total", "available", "children", "mover", "bias")

    def __init__(self, mover: int, bias: float = 0.0) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.children: dict[Any, Node] = {}
        self.mover = mover
        self.bias = bias  # the progressive-bias weight times the command's greedy rank at its node


class IsmctsAgent:
    """SO-ISMCTS with a fixed number of iterations per decision."""

    searches = True
    reads_view = True  # (it is given an information set, not a view)

    def __init__(self, name: str, iterations: int, policy: Any, tactical: Any, profile: SearchProfile,
                 stop_early: bool = False, decisive_margin: float | None = None, reference: bool = False) -> None:
        self.name = name
        self.iterations = iterations
        self.stop_early = stop_early  # stop once the most visited child cannot be overtaken (same decision)
        self.decisive_margin = decisive_margin  # greedy's best this far ahead of the second: played unsearched
        self.policy = policy
        self.tactical = tactical
        self.profile = profile
        self.iterations_run = 0  # over the agent's life, for `balance bench`
        self.search_seconds = 0.0  # CPU time spent iterating (process time: robust to a loaded machine)
        self.decisions_searched = 0
        self._kept: Node | None = None  # subtree of the last command, for the next decision in a chain
        self._kept_rng: random.Random | None = None
        self._last_decision = -1  # index of our last decision in the game of `_kept_rng`
        # the game's compiled search (same decisions, cheaper), unless this is the pure-Python reference search
        self.compiled = None if reference or profile.compiled is None else profile.compiled(self)

    @property
    def plays(self) -> str:
        """What this agent is whatever its name (`strong` may be the reference search): `ismcts:N[:POLICY]`."""
        policy = "" if self.policy.name == "random" else f":{self.policy.name}"
        return f"ismcts:{self.iterations}{policy}"

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Without an information set (a caller that only has the view) the agent cannot search."""
        raise TypeError("ismcts needs the driver's InfoSet: call search(), as engine.core.play_game does")

    def search(self, game: Game, info: InfoSet, legal: Sequence[Any], rng: random.Random) -> Any:
        """The command to play: N iterations, then the root's most visited legal child."""
        root = self._reused_root(info, rng)
        strategic = self.profile.strategic
        if strategic is not None and not strategic(info.view()):
            self._kept, self._last_decision = root, info.decision  # the tree skips tactical decisions too
            return self.tactical.choose(game, info.view(), legal, rng) if len(legal) > 1 else legal[0]
        if len(legal) > 1 and (decisive := self._decisive(game, info, legal)) is not None:
            return decisive  # the kept subtree was dropped above: the next decision starts afresh
        if len(legal) > 1:
            self.grow(game, info, root, rng)
        command = _most_visited(root, legal)
        self._kept, self._last_decision = root.children.get(command), info.decision
        return command

    def grow(self, game: Game, info: InfoSet, root: Node, rng: random.Random) -> Node:
        """Run iterations until the root has been visited `iterations` times; returns the root."""
        todo = max(self.iterations - root.visits, 0)
        seed = rng.getrandbits(64)  # the search's own stream: determinisations, choices, chance
        started = time.process_time()
        done = None if self.compiled is None else self.compiled.grow(game, info, root, seed, todo, self.stop_early)
        if done is None:
            done = self._iterate(game, info, root, Chance(seed), todo)
        self.search_seconds += time.process_time() - started
        self.iterations_run += done
        self.decisions_searched += 1
        return root

    def _iterate(self, game: Game, info: InfoSet, root: Node, chance: Chance, todo: int) -> int:
        """Up to `todo` iterations in Python, each on a fresh determinisation drawn from `chance`; how many ran."""
        run = Iteration(game, self.profile, self.policy, self.tactical, chance, info.player)
        done = 0
        while done < todo:
            run(root, info.sample(chance))
            done += 1
            if self.stop_early and not done % DECIDED_EVERY and _decided(root, todo - done):
                break
        return done

    def _decisive(self, game: Game, info: InfoSet, legal: Sequence[Any]) -> Any | None:
        """Greedy's best command when it leads the second by `decisive_margin` or more (search where it matters)."""
        if self.decisive_margin is None:
            return None
        view = info.view()
        values = sorted(((game.greedy_value(view, command), i) for i, command in enumerate(legal)), reverse=True)
        (best, index), (second, _) = values[0], values[1]
        return legal[index] if best - second >= self.decisive_margin else None

    def _reused_root(self, info: InfoSet, rng: random.Random) -> Node:
        """The kept subtree when this decision directly follows our own last one in the same game.

        The driver gives each seat a fresh rng object per game, so the same
        object (kept alive here, so its identity cannot be recycled) means the
        same game; the decision index then tells that nobody moved in between.
        """
        kept, self._kept = self._kept, None
        same_game, self._kept_rng = rng is self._kept_rng, rng
        if kept is not None and same_game and info.decision == self._last_decision + 1:
            return kept
        return Node(info.player)


class Iteration:
    """One ISMCTS iteration over a determinised state (a callable, to hoist lookups out of the loop)."""

    __slots__ = ("to_move", "legal_commands", "decide", "evolve", "view", "scores", "evaluate", "scale", "horizon",
                 "strategic", "rng", "game", "policy", "tactical", "prior", "widening", "searcher")

    def __init__(self, game: Game, profile: SearchProfile, policy: Any, tactical: Any, rng: Chance,
                 searcher: int) -> None:
        self.game, self.policy, self.tactical, self.rng = game, policy, tactical, rng
        self.to_move, self.legal_commands, self.view = game.to_move, game.legal_commands, game.view
        self.decide, self.evolve, self.scores = game.decide, game.evolve, game.scores
        self.evaluate, self.scale, self.horizon = profile.evaluate, profile.scale, profile.horizon
        self.searcher = searcher
        self.strategic = profile.strategic
        self.prior = profile.prior
        self.widening = profile.widening if profile.prior else 0.0

    def __call__(self, root: Node, state: Any) -> None:
        path = [root]
        node = root
        rng = self.rng
        while (found := self._next_strategic(state)) is not None:
            state, player = found
            legal = self.legal_commands(state, player)
            children = node.children
            untried, tried = [], []
            for command in legal:
                child = children.get(command)
                if child is None:
                    untried.append(command)
                else:
                    child.available += 1
                    tried.append(command)
            if untried and (not self.widening or not tried
                            or len(tried) < self.widening * math.sqrt(node.visits + 1)):
                if self.prior:
                    command, bias = self._best_untried(state, player, legal, untried)
                else:
                    command, bias = untried[int(rng.random() * len(untried))], 0.0
                node = children[command] = Node(player, bias)
                path.append(node)
                state = self._apply(state, command)
                break
            command = _ucb_choice(children, tried)
            node = children[command]
            path.append(node)
            state = self._apply(state, command)
        rewards = self._rewards(self._roll_out(state))
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.mover]

    def _best_untried(self, state: Any, player: int, legal: Sequence[Any], untried: list[Any]) -> tuple[Any, float]:
        """The untried command the greedy evaluation ranks best (ties at random), and its bias."""
        view = self.view(state, player)
        value = self.game.greedy_value
        values = {command: value(view, command) for command in legal}
        low, high = min(values.values()), max(values.values())
        spread = high - low
        best = max(values[c] for c in untried)
        ties = [c for c in untried if values[c] == best]
        command = ties[int(self.rng.random() * len(ties))]
        rank = (values[command] - low) / spread if spread > 0 else 0.5
        return command, self.prior * rank

    def _next_strategic(self, state: Any) -> tuple[Any, int] | None:
        """Play tactical decisions until a strategic one (state, player to move), or None at the end."""
        strategic = self.strategic
        while (player := self.to_move(state)) is not None:
            if strategic is None:
                return state, player
            view = self.view(state, player)
            if strategic(view):
                return state, player
            legal = self.legal_commands(state, player)
            state = self._apply(state, self.tactical.choose(self.game, view, legal, self.rng) if len(legal) > 1
                                else legal[0])
        return None

    def _apply(self, state: Any, command: Any) -> Any:
        evolve = self.evolve
        for event in self.decide(state, command, self.rng):
            state = evolve(state, event)
        return state

    def _roll_out(self, state: Any) -> Any:
        """Up to `horizon` strategic decisions by the rollout policy, then on to the next strategic decision."""
        random_policy = getattr(self.policy, "name", "") == "random"
        for _ in range(self.horizon):
            found = self._next_strategic(state)
            if found is None:
                return state
            state, player = found
            legal = self.legal_commands(state, player)
            if random_policy:
                command = legal[int(self.rng.random() * len(legal))]
            else:
                command = self.policy.choose(self.game, self.view(state, player), legal, self.rng)
            state = self._apply(state, command)
        found = self._next_strategic(state)
        return state if found is None else found[0]

    def _rewards(self, state: Any) -> list[float]:
        """Each player's reward in (0, 1): a logistic of the score margin over the best opponent."""
        scores = self.scores(state) if self.to_move(state) is None else self.evaluate(state, self.searcher)
        rewards = []
        scale = self.scale
        for player, score in enumerate(scores):
            best_other = max(s for other, s in enumerate(scores) if other != player)
            margin = max(-30.0, min(30.0, (score - best_other) / scale))
            rewards.append(1.0 / (1.0 + math.exp(-margin)))
        return rewards


def _ucb_choice(children: dict[Any, Node], legal: Sequence[Any]) -> Any:
    """The legal child with the highest UCB1 score, counting visits against availability."""
    best, best_score = None, -1.0
    log, sqrt = math.log, math.sqrt
    for command in legal:
        child = children[command]
        visits = child.visits
        score = child.total / visits + EXPLORATION * sqrt(log(child.available) / visits) + child.bias / (visits + 1)
        if score > best_score:
            best, best_score = command, score
    return best


def _decided(root: Node, remaining: int) -> bool:
    """Whether the most visited root child leads every other by more than the iterations left (none can catch up)."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > remaining


def _most_visited(root: Node, legal: Sequence[Any]) -> Any:
    """The legal root child with the most visits (ties: the higher mean reward, then legal order)."""
    best, best_key = legal[0], (-1, 0.0)
    for command in legal:
        child = root.children.get(command)
        if child is not None and child.visits:
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = command, key
    return best


def parse_ismcts(name: str, game: Game | None, make_policy: Callable[[str, Game | None], Any],
                 label: str | None = None, reference: bool = False) -> IsmctsAgent:
    """`ismcts`, `ismcts:N` or `ismcts:N:POLICY` for `game` (which must declare a SearchProfile), named `label`;
    `reference`: the pure-Python search, never the game's compiled one (issue 25's yardstick)."""
    profile = game.search if game is not None else None
    if game is None or profile is None:
        where = f"game {game.id!r}" if game is not None else "a game-less agent"
        raise UnknownName(f"agent {name!r}: ismcts needs a game with a search profile, not {where}")
    parts = name.split(":")
    if len(parts) > 3 or parts[0] != "ismcts":
        raise UnknownName(f"agent {name!r}: write ismcts, ismcts:N or ismcts:N:POLICY (e.g. ismcts:400:greedy)")
    iterations = profile.iterations
    if len(parts) > 1:
        if not parts[1].isdigit() or int(parts[1]) < 1:
            raise UnknownName(f"agent {name!r}: N must be a whole number of iterations >= 1, got {parts[1]!r}")
        iterations = int(parts[1])
    policy_name = parts[2] if len(parts) == 3 else "random"
    policy = make_policy(policy_name, game)
    if policy.searches:
        raise UnknownName(f"agent {name!r}: the rollout policy must be a plain agent (random, greedy ...), "
                          f"not {policy_name!r}")
    return IsmctsAgent(label or name, iterations, policy, make_policy(profile.tactical, game), profile,
                       reference=reference)
