"""A game's shape: its envelope counters and players as one short string (lake schema 3).

A part file groups rows by event type, so each row has to say where it stands
in its game: `seq`, `round`, `turn` and `player` stored per row cost a Four
Gardens log 1.3 of its 3.1 bytes per event. They all follow from the order of
the game's events, which one string per game gives far more cheaply (~0.2
bytes per event): in seq order, for every event

- one `/` per step of `round` and one `.` per step of `turn` since the event
  before (counters start at 0 and never go back),
- a letter naming the event type: its rank among the event types of this game,
  sorted by name (`A` the first, ..., `Z`, `a`, ..., `z`),
- the event's player as a digit (`-`: it has none) when that differs from
  the event before's (the game starts with none): most events concern the
  player whose turn it is, so most letters stand alone.

`GardensGame` opts in (`GameFacts.log_counters`); the file then leaves those
four columns null and holds the string in `shape`, on each game's first row.
Readers put the columns back: `fill_counters` here (replay, verify, show) and
the `lake_events` macro in warehouse/macros.sql, both by the same rule: the
k-th row of a type in a game (in file order) is the k-th letter of that type in
its shape. Files without a shape keep their columns and read as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

SHAPE = "shape"
ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ROUND_STEP, TURN_STEP, NO_PLAYER = ord("/"), ord("."), ord("-")
COUNTERS = ("seq", "round", "turn", "player")
_RANK_OF = np.full(256, -1, dtype=np.int64)
_RANK_OF[np.frombuffer(ALPHABET, dtype=np.uint8)] = np.arange(len(ALPHABET))


def encode_shapes(envelope: np.ndarray, players: np.ndarray, type_ranks: np.ndarray) -> list[str]:
    """One shape per game, games in append order.

    `envelope` rows are (game_id, seq, round, turn, ...) in append order (game
    after game, each in seq order); `players` the events' players (-1: none);
    `type_ranks` each event type's rank by name, over every type in the buffer.
    Raises ValueError for a log the shape cannot hold (seq with gaps, a counter
    going back, a player above 9, more than 52 event types in a game).
    """
    games, seqs, rounds, turns = (envelope[:, i] for i in range(4))
    starts = np.flatnonzero(np.diff(games, prepend=games[0] - 1))
    first = np.zeros(len(games), dtype=bool)
    first[starts] = True
    game_index = np.cumsum(first) - 1
    expected_seq = np.arange(len(games)) - starts[game_index]
    steps_round = np.where(first, rounds, np.diff(rounds, prepend=0))
    steps_turn = np.where(first, turns, np.diff(turns, prepend=0))
    if not (np.array_equal(seqs, expected_seq) and steps_round.min() >= 0 and steps_turn.min() >= 0
            and players.max() <= 9):
        raise ValueError("a shape needs seq gapless from 0, round and turn never going back, players 0-9")
    ranks = _ranks_in_game(game_index, type_ranks)
    if ranks.max() >= len(ALPHABET):
        raise ValueError(f"a shape names at most {len(ALPHABET)} event types per game")
    previous = np.where(first, -1, np.roll(players, 1))
    has_player = players != previous  # the player is written where it changes
    lengths = steps_round + steps_turn + 1 + has_player
    ends = np.cumsum(lengths)
    at = ends - lengths
    text = np.empty(int(ends[-1]), dtype=np.uint8)
    text[_repeat_positions(at, steps_round)] = ROUND_STEP
    text[_repeat_positions(at + steps_round, steps_turn)] = TURN_STEP
    letters = at + steps_round + steps_turn
    text[letters] = np.frombuffer(ALPHABET, dtype=np.uint8)[ranks]
    text[letters[has_player] + 1] = np.where(players[has_player] >= 0, 48 + players[has_player], NO_PLAYER)
    bounds = [0, *ends[np.append(starts[1:], len(games)) - 1].tolist()]
    raw = text.tobytes()
    return [raw[a:b].decode("ascii") for a, b in zip(bounds, bounds[1:])]


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


def _repeat_positions(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """starts[i], starts[i] + 1, ..., starts[i] + counts[i] - 1 for every i, concatenated."""
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    return np.repeat(starts, counts) + offsets


def shape_of(types: Sequence[str], rounds: Sequence[int], turns: Sequence[int], players: Sequence[int | None]) -> str:
    """The shape of one game from its events in seq order (for tests and readers that hold the values)."""
    names = sorted(set(types))
    out, last_round, last_turn, last_player = [], 0, 0, None
    for name, round_, turn, player in zip(types, rounds, turns, players):
        written = "" if player == last_player else "-" if player is None else str(player)
        out.append("/" * (round_ - last_round) + "." * (turn - last_turn) + chr(ALPHABET[names.index(name)]) + written)
        last_round, last_turn, last_player = round_, turn, player
    return "".join(out)
