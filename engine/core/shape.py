"""Reading lake schema 3's shape strings: the Four Gardens counters of files written before schema 4.

Lake schema 3 left `seq`, `round`, `turn` and `player` null on every Four
Gardens row and gave them in one `shape` string per game, on its first row,
which only this code decodes. Schema 4 stores the four columns on every row
again (any Parquet reader sees them); this module is the upcaster that puts
them back in older files, for replay, `balance verify`, `balance show` and the
warehouse build (warehouse/old_envelopes.py). A shape, in seq order, holds for
every event

- one `/` per step of `round` and one `.` per step of `turn` since the event
  before (counters start at 0 and never go back),
- a letter naming the event type: its rank among the event types of this game,
  sorted by name (`A` the first, ..., `Z`, `a`, ..., `z`),
- the event's player as a digit (`-`: it has none) when that differs from
  the event before's (the game starts with none).

The k-th row of a type in a game (in file order) is the k-th letter of that
type in its shape. Files without a shape keep their columns and read as they are.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

SHAPE = "shape"
ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ROUND_STEP, TURN_STEP, NO_PLAYER = ord("/"), ord("."), ord("-")
COUNTERS = ("seq", "round", "turn", "player")
_RANK_OF = np.full(256, -1, dtype=np.int64)
_RANK_OF[np.frombuffer(ALPHABET, dtype=np.uint8)] = np.arange(len(ALPHABET))


def fill_counters(table: pa.Table) -> pa.Table:
    """The table with `seq`, `round`, `turn` and `player` taken from each game's shape where they are null.

    Row order is kept. A game whose rows do not match its shape (rows lost or
    added, no shape) keeps null counters: the readers then report it by game.
    """
    if SHAPE not in table.column_names or table.column(SHAPE).null_count == table.num_rows or not _readable(table):
        return table
    missing = np.flatnonzero(_fillable(table))
    if len(missing) == 0:
        return table
    rows = table.select(["game_id", "event_type", SHAPE]).take(pa.array(missing))
    games = _game_index(table, missing)
    tokens = _decode(rows, games)
    encoded = pc.dictionary_encode(rows.column("event_type")).combine_chunks()
    by_name = np.argsort(np.asarray(encoded.dictionary.to_pylist(), dtype=object))
    rank_of_entry = np.empty(len(by_name), dtype=np.int64)
    rank_of_entry[by_name] = np.arange(len(by_name))
    type_index = rank_of_entry[encoded.indices.to_numpy()]  # each row's type rank by name over these rows
    ranks = _ranks_in_game(games, type_index)
    row_keys = _occurrence_keys(games, ranks, np.arange(len(games)))
    token_keys = _occurrence_keys(tokens["game"], tokens["rank"], tokens["seq"])
    sorted_tokens = np.argsort(token_keys)
    at = np.minimum(np.searchsorted(token_keys[sorted_tokens], row_keys), max(len(token_keys) - 1, 0))
    found = sorted_tokens[at] if len(token_keys) else np.zeros(len(row_keys), dtype=np.int64)
    matched = (token_keys[found] == row_keys) if len(token_keys) else np.zeros(len(row_keys), dtype=bool)
    bad = np.union1d(_count_mismatches(games, ranks, tokens["game"], tokens["rank"]), games[~matched])
    matched &= ~np.isin(games, bad)
    for name in COUNTERS:
        index = table.schema.get_field_index(name)
        field = table.schema.field(index)
        column = table.column(name)
        values = column.fill_null(0).to_numpy().astype(np.int64)
        valid = column.is_valid().to_numpy(zero_copy_only=False).copy()
        derived = tokens[name][found[matched]]
        values[missing[matched]] = derived
        valid[missing[matched]] = derived >= 0  # a player of -1: the event has none
        table = table.set_column(index, field, pa.array(values, type=field.type, mask=~valid))
    return table


def _readable(table: pa.Table) -> bool:
    """Whether the columns have the types a shape log is written with (a damaged file is left to the readers)."""
    types = table.schema
    return (all(name in types.names and pa.types.is_integer(types.field(name).type) for name in COUNTERS)
            and pa.types.is_string(types.field(SHAPE).type) and pa.types.is_string(types.field("event_type").type))


def _fillable(table: pa.Table) -> np.ndarray:
    """Rows to fill: all four counters null (as written) and a game and type to place them by. Any other row
    keeps what it holds, so a damaged row leaves its game's rows and shape in disagreement, reported by game."""
    names = [*COUNTERS, "game_id", "event_type", *(["run_id"] if "run_id" in table.column_names else [])]
    nulls = [table.column(name).is_null().to_numpy(zero_copy_only=False) for name in names]
    fill = np.logical_and.reduce(nulls[:len(COUNTERS)])
    for null in nulls[len(COUNTERS):]:
        fill &= ~null
    return fill


def _game_index(table: pa.Table, rows: np.ndarray) -> np.ndarray:
    """A number per game for the given rows: (run_id, game_id) pairs numbered densely (runs may share game ids)."""
    games = table.column("game_id").take(pa.array(rows)).to_numpy().astype(np.int64)
    if "run_id" not in table.column_names:
        return np.unique(games, return_inverse=True)[1].astype(np.int64)
    runs = pc.dictionary_encode(table.column("run_id").take(pa.array(rows))).combine_chunks().indices.to_numpy()
    pairs = np.stack([runs.astype(np.int64), games], axis=1)
    return np.unique(pairs, axis=0, return_inverse=True)[1].reshape(-1).astype(np.int64)


def _decode(rows: pa.Table, games: np.ndarray) -> dict[str, np.ndarray]:
    """Every event of every shape in `rows`: its game (as numbered in `games`), type rank, seq, round, turn, player."""
    valid = rows.column(SHAPE).is_valid().to_numpy(zero_copy_only=False)
    shaped = rows.filter(pa.array(valid))
    parts: dict[str, list[np.ndarray]] = {k: [] for k in ("game", "rank", *COUNTERS)}
    for game, shape in zip(games[valid].tolist(), shaped.column(SHAPE).to_pylist()):
        text = np.frombuffer(shape.encode("ascii", "replace"), dtype=np.uint8)  # '?' matches no event
        ranks = _RANK_OF[text]
        letters = np.flatnonzero(ranks >= 0)
        following = np.append(text[1:], 0)[letters].astype(np.int64)
        written = ((following >= 48) & (following <= 57)) | (following == NO_PLAYER)
        value = np.where(following == NO_PLAYER, -1, following - 48)
        last_written = np.maximum.accumulate(np.where(written, np.arange(len(letters)), -1))
        parts["game"].append(np.full(len(letters), game, dtype=np.int64))
        parts["rank"].append(ranks[letters])
        parts["seq"].append(np.arange(len(letters), dtype=np.int64))
        parts["round"].append(np.cumsum(text == ROUND_STEP)[letters])
        parts["turn"].append(np.cumsum(text == TURN_STEP)[letters])
        parts["player"].append(np.where(last_written >= 0, value[np.maximum(last_written, 0)], -1))
    return {k: np.concatenate(v) if v else np.zeros(0, dtype=np.int64) for k, v in parts.items()}


def _occurrence_keys(games: np.ndarray, ranks: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """One int per event: (game, type rank, k) where k counts the game's earlier events of that type."""
    order = np.lexsort((positions, ranks, games))
    group = (games[order] << 6) | ranks[order]
    starts = np.flatnonzero(np.diff(group, prepend=-1))
    k = np.arange(len(order)) - np.repeat(starts, np.diff(np.append(starts, len(order))))
    keys = np.empty(len(order), dtype=np.int64)
    keys[order] = (group << 20) | k
    return keys


def _count_mismatches(games: np.ndarray, ranks: np.ndarray, token_games: np.ndarray,
                      token_ranks: np.ndarray) -> np.ndarray:
    """Games whose rows and shape disagree on how many events of some type there are."""
    row_pairs, row_counts = np.unique((games << 6) | ranks, return_counts=True)
    token_pairs, token_counts = np.unique((token_games << 6) | token_ranks, return_counts=True)
    if np.array_equal(row_pairs, token_pairs) and np.array_equal(row_counts, token_counts):
        return np.zeros(0, dtype=np.int64)
    rows = dict(zip(row_pairs.tolist(), row_counts.tolist()))
    shaped = dict(zip(token_pairs.tolist(), token_counts.tolist()))
    return np.array(sorted({pair >> 6 for pair in rows.keys() | shaped.keys() if rows.get(pair) != shaped.get(pair)}),
                    dtype=np.int64)


def _ranks_in_game(game_index: np.ndarray, type_ranks: np.ndarray) -> np.ndarray:
    """Each event's type rank among the types that occur in its own game (dense, by name); games numbered 0..G-1."""
    if len(type_ranks) == 0:
        return type_ranks
    present = np.zeros((int(game_index.max()) + 1, int(type_ranks.max()) + 1), dtype=bool)
    present[game_index, type_ranks] = True
    return (np.cumsum(present, axis=1) - 1)[game_index, type_ranks]
