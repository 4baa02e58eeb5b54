"""Rebuild the weights Caprices' `distilled` agent ships with (engine/caprices/agents/distilled_standard.json).

    python -m simulate.distilled_weights --ruleset standard

Plays the reference search's TEACHER_GAMES 2-player self-play games on the ruleset from TEACHER_SEED, fits the
policy from scratch (engine/caprices/agents/distill.py) and writes the weights with the ruleset's digest.
Learning is deterministic: on an unchanged ruleset the file comes out the same. Other rulesets need no
command: the agent learns theirs on first use.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from engine.caprices.agents.distill import SHIPPED, TEACHER_GAMES, learn, record
from engine.registry import get_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ruleset", default="standard", help="ruleset name or .toml path (default: standard)")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="where to write (default: the shipped file)")
    args = parser.parse_args(argv)
    game = get_game("caprices")
    ruleset = game.load_ruleset(args.ruleset)
    weights = learn(game, ruleset)
    args.out.write_text(json.dumps(record(ruleset, weights, TEACHER_GAMES, "none"), indent=1) + "\n")
    print(f"{args.out}: weights for {ruleset.name} ({ruleset.digest}) from {TEACHER_GAMES} teacher games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
