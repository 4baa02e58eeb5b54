"""Hand-made event logs that follow the caprices event contract (and a toy game).

They let the warehouse be tested independently of any rules engine: the values
are random but internally consistent (scores are the sum of their components,
ranks and win shares follow the scores, seq is gapless).
"""

from __future__ import annotations

import random
from pathlib import Path

import pyarrow as pa

from engine.core.buffer import CORE_COLUMNS, ENVELOPE, lake_schema
from lake.layout import part_key
from lake.runs import Part, write_run

CAPRICES_COLUMNS: dict[str, pa.DataType] = {
    "card": pa.int16(), "caste": pa.string(), "value": pa.int8(), "source": pa.string(),
    "action": pa.string(), "caprice_id": pa.string(), "slot": pa.int8(), "bonus": pa.int16(),
    "cards": pa.list_(pa.int16()), "caprice_ids": pa.list_(pa.string()), "score": pa.int32(),
    "card_points": pa.int16(), "order_points": pa.int16(), "merchant_points": pa.int16(),
    "unity_points": pa.int16(), "caprice_points": pa.int16(), "total_value": pa.int16(),
    "rank": pa.int8(), "win_share": pa.float64(), "knight_target": pa.string(),
    "ministers_transformed": pa.int8(), "run_length": pa.int8(), "largest_family": pa.int8(),
}
TOY_COLUMNS: dict[str, pa.DataType] = {"score": pa.int32(), "rank": pa.int8(), "win_share": pa.float64()}
CASTES = ("peasant", "artisan", "bourgeoise", "knight", "noble", "minister_odd", "clerk", "merchant")
CAPRICE_POOL = tuple(f"caprice_{i:02d}" for i in range(19))
COMMONS = ("de_l_ordre", "l_union_fait_la_force")
BONUSES = (30, 20, 15, 10)


class _Rows:
    """Accumulates rows as dicts (fine for small test lakes, not for the engine)."""

    def __init__(self, run_id: str, game_id: int) -> None:
        self.rows: list[dict] = []
        self.run_id, self.game_id = run_id, game_id
        self.round = 0

    def add(self, event_type: str, player: int | None = None, **fields: object) -> None:
        envelope = {"run_id": self.run_id, "game_id": self.game_id, "seq": len(self.rows),
                    "event_type": event_type, "schema_version": 1, "player": player,
                    "round": self.round, "turn": len(self.rows), "clock_ms": 0}
        self.rows.append({**envelope, **fields})


def _ranks(scores: list[int], tiebreak: list[int]) -> tuple[list[int], list[float]]:
    keys = [(-s, t) for s, t in zip(scores, tiebreak)]
    ranks = [1 + sum(1 for other in keys if other < key) for key in keys]
    best = min(keys)
    winners = [i for i, key in enumerate(keys) if key == best]
    return ranks, [1 / len(winners) if i in winners else 0.0 for i in range(len(scores))]


def caprices_game(rows: _Rows, rng: random.Random, agents: tuple[str, ...]) -> None:
    """One fake caprices game with every event type of the contract."""
    players = len(agents)
    rows.add("game_started", seed=rng.randrange(10**9), num_players=players, ruleset="fake",
             ruleset_digest="f00d", agents=list(agents))
    for p in range(players):
        rows.add("hand_dealt", p, cards=list(range(7 * p, 7 * p + 7)))
    rows.add("row_dealt", count=6)
    drawn = rng.sample(CAPRICE_POOL, 4)
    for common in COMMONS:
        rows.add("caprice_revealed", caprice_id=common, slot=0, bonus=0)
    for rnd in range(1, 7):
        rows.round = rnd
        starter = (rnd - 1) % players
        rows.add("round_started", starter)
        rows.add("subject_revealed", card=rnd, caste=rng.choice(CASTES), value=rng.randrange(10))
        if rnd <= 4:
            rows.add("caprice_revealed", caprice_id=drawn[rnd - 1], slot=rnd, bonus=BONUSES[rnd - 1])
        for i in range(players):
            p = (starter + i) % players
            action = rng.choice(("recruit", "recruit", "rally", "bourgeoise", "noble"))
            rows.add("turn_taken", p, action=action)
            card = dict(card=rng.randrange(64), caste=rng.choice(CASTES), value=rng.randrange(10))
            if action == "rally":
                rows.add("card_rallied", p, **card)
                continue
            rows.add("card_recruited", p, source=rng.choice(("zone", "deck")), **card)
            rows.add("card_discarded", p, **card)
        rows.add("royal_favour_passed", (starter + 1) % players)
    _score(rows, rng, players, drawn)
    rows.add("game_ended")
    rows.add("game_sealed", digest="fake")


def _score(rows: _Rows, rng: random.Random, players: int, drawn: list[str]) -> None:
    comps = []
    for p in range(players):
        run = rng.choice((0, 0, 6, 7))
        family = rng.choice((2, 3, 4))
        order = {0: 0, 6: 20, 7: 30}[run]
        unity = {2: 0, 3: 5, 4: 15}[family]
        met = [(c, 0, b) for c, b in ((COMMONS[0], order), (COMMONS[1], unity)) if b > 0]
        met += [(c, s + 1, BONUSES[s]) for s, c in enumerate(drawn) if rng.random() < 0.3]
        for caprice_id, slot, bonus in met:
            rows.add("caprice_met", p, caprice_id=caprice_id, slot=slot, bonus=bonus)
        merchant = 5 * rng.randrange(2) if order else 0
        caprice_points = sum(b for _, s, b in met if s > 0)
        card_points = rng.randrange(10, 50)
        comps.append(dict(card_points=card_points, order_points=order, merchant_points=merchant,
                          unity_points=unity, caprice_points=caprice_points, total_value=card_points,
                          run_length=run, largest_family=family,
                          knight_target=rng.choice((None, "peasant")), ministers_transformed=rng.randrange(2)))
    scores = [sum(c[k] for k in ("card_points", "order_points", "merchant_points", "unity_points",
                                 "caprice_points")) for c in comps]
    ranks, shares = _ranks(scores, [c["total_value"] for c in comps])
    for p, c in enumerate(comps):
        rows.add("player_scored", p, score=scores[p], rank=ranks[p], win_share=shares[p], **c)


def toy_game(rows: _Rows, rng: random.Random, agents: tuple[str, ...]) -> None:
    """A second, minimal game: only the cross-game convention."""
    rows.add("game_started", seed=rng.randrange(10**9), num_players=len(agents), ruleset="toy",
             ruleset_digest="beef", agents=list(agents))
    rows.round = 1
    scores = [rng.randrange(5) for _ in agents]
    ranks, shares = _ranks(scores, [0] * len(agents))
    for p in range(len(agents)):
        rows.add("player_scored", p, score=scores[p], rank=ranks[p], win_share=shares[p])
    rows.add("game_ended")
    rows.add("game_sealed", digest="toy")


def write_fake_run(lake: Path, game: str, run_id: str, lineups: list[tuple[str, ...]], seed: int = 1) -> Path:
    """Publish one run (one game per line-up) as a single part file with its manifest; returns the file."""
    columns = CAPRICES_COLUMNS if game == "caprices" else TOY_COLUMNS
    make = caprices_game if game == "caprices" else toy_game
    rng = random.Random(seed)
    all_rows: list[dict] = []
    for game_id, agents in enumerate(lineups):
        rows = _Rows(run_id, game_id)
        make(rows, rng, agents)
        all_rows.extend(rows.rows)
    schema = lake_schema(columns)
    names = [*ENVELOPE, *CORE_COLUMNS, *columns, "payload"]
    table = pa.Table.from_pylist([{n: r.get(n) for n in names} for r in all_rows], schema=schema)
    part = Part(table, games=len(lineups), first_game_id=0, last_game_id=len(lineups) - 1)
    write_run(lake, run_id, "recorded", game, [part], details={"source": "tests/warehouse/fake_events.py"})
    return lake / part_key(game, run_id, 0)
