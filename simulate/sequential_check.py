"""How often play-until-decided errs, by simulation: `python -m simulate.sequential_check`.

Synthetic seats with a known win rate are looked at after every batch of
games and stopped at the first look that decides them (the rule `balance ask`
follows). Printed per case: the share called tilted, fair and undecided, for
the confidence sequences of `simulate.sequential` and, for contrast, a fixed-n
95% interval read after every batch. Then the games one seat cell needs to be
called fair (estimate on the fair share) in a family of the study's size.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from simulate import sequential

SEATS, BATCH, LOOKS = 1000, 20, 150  # 1,000 seats, a look after every 20 games, up to 3,000 games
MINIMUM = 0.02  # the study's seat_win_rate minimum that matters


def first_decisions(outcomes: np.ndarray, reference: float, alpha: float, minimum: float = MINIMUM,
                    batch: int = BATCH) -> np.ndarray:
    """Each row's verdict at the first look (every `batch` games) that decides it; undecided if none does."""
    wins = np.cumsum(outcomes, axis=1)[:, batch - 1::batch]
    games = np.broadcast_to(np.arange(1, wins.shape[1] + 1) * batch, wins.shape)
    verdicts = sequential.rate_verdict(wins, games, reference, minimum, alpha)
    decided = verdicts != sequential.UNDECIDED
    first = np.argmax(decided, axis=1)
    return np.where(decided.any(axis=1), verdicts[np.arange(len(verdicts)), first], sequential.UNDECIDED)


def fixed_n_rejects(outcomes: np.ndarray, reference: float, batch: int = BATCH) -> np.ndarray:
    """Whether a 95% Wald interval read after every batch ever excludes the reference (the invalid rule)."""
    n = np.arange(1, outcomes.shape[1] // batch + 1) * batch
    rates = np.cumsum(outcomes, axis=1)[:, batch - 1::batch] / n
    half = norm.ppf(0.975) * np.sqrt(reference * (1 - reference) / n)
    return (np.abs(rates - reference) > half).any(axis=1)


def seats(rng: np.random.Generator, rate: float, rows: int = SEATS) -> np.ndarray:
    """Win (1) or loss (0) of `rows` seats over BATCH * LOOKS games."""
    return (rng.random((rows, BATCH * LOOKS)) < rate).astype(float)


def main() -> None:
    rng = np.random.default_rng(24)
    print(f"{SEATS:,} seats, a look every {BATCH} games up to {BATCH * LOOKS:,}, stopped at the first decision, "
          f"alpha 0.05, minimum {MINIMUM:.0%}")
    for reference in (1 / 2, 1 / 3, 1 / 5):
        for label, rate in (("fair", reference), ("tilted by min + 0.5 pt", reference + MINIMUM + 0.005),
                            ("tilted by 10 pt", reference + 0.10)):
            outcomes = seats(rng, rate)
            found = first_decisions(outcomes, reference, 0.05)
            shares = ", ".join(f"{v} {np.mean(found == v):.1%}" for v in (sequential.TILTED, sequential.FAIR,
                                                                          sequential.UNDECIDED))
            wald = f"; fixed-n interval read every batch: tilted {fixed_n_rejects(outcomes, reference).mean():.1%}"
            print(f"  fair share {reference:.3f}, seat {label}: {shares}{wald if label == 'fair' else ''}")
    cells = 14  # Caprices: 2 + 3 + 4 + 5 seats per line-up
    for players in (2, 3, 4, 5):
        needed = sequential.games_to_decide(1 / players, 1, 1 / players, MINIMUM, 0.05 / cells) or 0
        print(f"  fair within ±{MINIMUM:.0%} at {players} players (family of {cells} seat cells): {needed:,} games")


if __name__ == "__main__":
    main()
