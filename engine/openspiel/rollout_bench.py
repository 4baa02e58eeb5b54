"""CPU per random rollout through the adapter: what one simulation of `os-ismcts` costs beyond its tree.

    python -m engine.openspiel.rollout_bench --game gardens --rollouts 50

Plays `--rollouts` uniformly random 2-player games from the initial state, each step as OpenSpiel's
`RandomRolloutEvaluator.evaluate` takes it (the bot's leaf evaluation: clone the state, then a chance
outcome by its probability or a uniform legal action until the end), and prints process-time CPU per
rollout and per action, and actions per rollout.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--ruleset", default=None)
    parser.add_argument("--rollouts", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    ruleset = args.ruleset or get_game(args.game).default_ruleset
    r = rollout_cost(args.game, ruleset, args.rollouts, args.seed)
    print(f"{args.game} ({ruleset}), 2 players: {1000 * r['per_rollout']:.1f} ms CPU per rollout, "
          f"{1e6 * r['per_action']:.0f} us per action, {r['actions']:.0f} actions per rollout "
          f"({args.rollouts} rollouts)")


if __name__ == "__main__":
    main()
