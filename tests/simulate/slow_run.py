"""`python -m tests.simulate.slow_run LAKE [SEED]`: a slowed-down toy run for the kill -9 / --resume tests.

Each game's setup sleeps, so the run lasts a few seconds and can be killed
at any moment: before the run id is claimed, before the first part file,
while parts are written, or while the manifest is published.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from lake.spec import RunSpec
from simulate.runner import run
from tests import toygame

SPEC = RunSpec("toy", "default", (2, 4), ("random", "greedy"), games=12, seed=11, batch_size=2, run_id="killed")
DELAY_S = 0.15


def _slow_setup(self: toygame.ToyGame, state: toygame.ToyState, rng: random.Random) -> list:
    time.sleep(DELAY_S)
    return _original_setup(self, state, rng)


_original_setup = toygame.ToyGame.setup

if __name__ == "__main__":
    toygame.ToyGame.setup = _slow_setup  # type: ignore[method-assign]
    spec = SPEC if len(sys.argv) < 3 else RunSpec(**{**SPEC.__dict__, "seed": int(sys.argv[2])})
    run(spec, Path(sys.argv[1]), workers=2, progress=False, game=toygame.GAME, resume=True)
