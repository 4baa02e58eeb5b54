"""CPU per random rollout through the adapter: what one simulation of `os-ismcts` costs beyond its tree.

    python -m engine.openspiel.rollout_bench --game gardens --rollouts 50
    python -m engine.openspiel.rollout_bench --game gardens --searches-at 5

Plays `--rollouts` uniformly random 2-player games from the initial state, each step as OpenSpiel's
`RandomRolloutEvaluator.evaluate` takes it (the bot's leaf evaluation: clone the state, then a chance
outcome by its probability or a uniform legal action until the end), and prints process-time CPU per
rollout and per action, and actions per rollout.

`--searches-at N`: at how many contested decisions (more than one legal command) of 20 greedy 2-player games
`os-ismcts:N` would search. Its simulations after the first each expand a new root action and visit it
once, and it plays the most visited (ties at random): with L legal actions it searches only if L < N - 1,
else it plays a uniformly random one.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from engine.core.agents import make_agent
from engine.core.driver import NullSink, play_game
from engine.registry import get_game


def rollout_cost(game_id: str, ruleset: str, rollouts: int, seed: int) -> dict[str, float]:
    """CPU seconds per rollout and per action, and actions per rollout, over `rollouts` random games."""
    import numpy as np  # with the openspiel extra only (engine/openspiel/__init__.py)
    import pyspiel

    from engine.openspiel.game import PREFIX, register
    register()
    game = pyspiel.load_game(PREFIX + game_id, {"players": 2, "ruleset": ruleset, "seed": seed})
    initial = game.new_initial_state()
    rng = np.random.RandomState(seed)
    actions = 0
    start = time.process_time()
    for _ in range(rollouts):
        state = initial.clone()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choice(outcomes, p=probabilities))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    seconds = time.process_time() - start
    return {"per_rollout": seconds / rollouts, "per_action": seconds / actions, "actions": actions / rollouts}


def search_share(game_id: str, ruleset: str, simulations: int, games: int = 20) -> tuple[int, int]:
    """(decisions where os-ismcts:N searches, contested decisions) over `games` greedy 2-player games."""
    game = get_game(game_id)
    rules = game.load_ruleset(ruleset)
    counts: list[int] = []

    def count(state: object, player: int, legal: Sequence[object], command: object) -> None:
        if len(legal) > 1:
            counts.append(len(legal))

    for seed in range(games):
        play_game(game, rules, [make_agent("greedy", game)] * 2, seed, NullSink(), observer=count)
    return sum(1 for legal in counts if legal < simulations - 1), len(counts)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--ruleset", default=None)
    parser.add_argument("--rollouts", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--searches-at", type=int, metavar="N", help="where os-ismcts:N searches, not CPU")
    args = parser.parse_args(argv)
    ruleset = args.ruleset or get_game(args.game).default_ruleset
    if args.searches_at is not None:
        searched, contested = search_share(args.game, ruleset, args.searches_at)
        print(f"{args.game} ({ruleset}), 2 players: os-ismcts:{args.searches_at} searches at {searched} of "
              f"{contested} contested decisions ({100 * searched / contested:.0f}%; 20 greedy games, seeds 0-19)")
        return
    r = rollout_cost(args.game, ruleset, args.rollouts, args.seed)
    print(f"{args.game} ({ruleset}), 2 players: {1000 * r['per_rollout']:.1f} ms CPU per rollout, "
          f"{1e6 * r['per_action']:.0f} us per action, {r['actions']:.0f} actions per rollout "
          f"({args.rollouts} rollouts)")


if __name__ == "__main__":
    main()
