"""The 39 ways the reliability pass tampered with a lake, as functions `tamper(lake)`.

Each kind edits a pristine copy of a small toy-game lake (run `t`, 4 part
files of 6 games, seed 7) the way a tool, a careless copy or a hand edit
would. `tests/reliability/test_tamper_matrix.py` runs `balance verify` on
each and states the exit code and message it must get.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from lake.manifest import compute_seal

RUN = "t"
FOLDER = f"events/game=toy/run={RUN}"
PART0, PART1 = f"{FOLDER}/part-00000.parquet", f"{FOLDER}/part-00001.parquet"
MANIFEST = f"runs/{RUN}/manifest.json"
Tamper = Callable[[Path], None]


def rewrite(lake: Path, key: str, change: Callable[[pa.Table], pa.Table]) -> None:
    path = lake / key
    pq.write_table(change(pq.read_table(path)), path, compression="zstd")


def mask(table: pa.Table, game_id: int, seq: int | None = None) -> pa.ChunkedArray:
    same = pc.equal(table.column("game_id"), game_id)
    return same if seq is None else pc.and_(same, pc.equal(table.column("seq"), seq))


def set_value(table: pa.Table, column: str, game_id: int, seq: int, value: object) -> pa.Table:
    where = mask(table, game_id, seq)
    index = table.schema.get_field_index(column)
    new = pc.if_else(where, pa.scalar(value, table.schema.field(column).type), table.column(column))
    return table.set_column(index, column, new)


def first_seq(table: pa.Table, game_id: int, event_type: str) -> int:
    rows = table.filter(pc.and_(mask(table, game_id), pc.equal(table.column("event_type"), event_type)))
    return int(rows.column("seq")[0].as_py())


def edit_manifest(lake: Path, change: Callable[[dict], None], reseal: bool) -> None:
    path = lake / MANIFEST
    data = json.loads(path.read_text())
    change(data)
    if reseal:
        data["seal"] = compute_seal(data)
    path.write_text(json.dumps(data, indent=2))


def _delete_row(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: t.filter(pc.invert(mask(t, 7, 3))))


def _delete_seal_row(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: t.filter(pc.invert(pc.and_(mask(t, 7), pc.equal(t.column("event_type"),
                                                                                      "game_sealed")))))


def _delete_game(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: t.filter(pc.invert(mask(t, 8))))


def _duplicate_row(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: pa.concat_tables([t, t.filter(mask(t, 7, 2))]))


def _duplicate_game(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: pa.concat_tables([t, t.filter(mask(t, 9))]))


def _change_card(lake: Path) -> None:
    def change(t: pa.Table) -> pa.Table:
        seq = first_seq(t, 8, "card_drawn")
        card = t.filter(mask(t, 8, seq)).column("card")[0].as_py()
        return set_value(t, "card", 8, seq, card % 12 + 1)
    rewrite(lake, PART1, change)


def _set(column: str, game_id: int, seq: int, value: object) -> Tamper:
    return lambda lake: rewrite(lake, PART1, lambda t: set_value(t, column, game_id, seq, value))


def _change_event_type(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: set_value(t, "event_type", 7, 3, "card_stolen"))


def _change_digest(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: set_value(t, "digest", 7, first_seq(t, 7, "game_sealed"), "0" * 16))


def _change_run_id(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: t.set_column(0, "run_id", pa.array(["other"] * t.num_rows)))


def _move_game_out_of_range(lake: Path) -> None:
    def change(t: pa.Table) -> pa.Table:
        ids = pc.if_else(pc.equal(t.column("game_id"), 7), pa.scalar(20, pa.int64()), t.column("game_id"))
        return t.set_column(t.schema.get_field_index("game_id"), "game_id", ids)
    rewrite(lake, PART1, change)


def _swap_seqs(lake: Path) -> None:
    def change(t: pa.Table) -> pa.Table:
        a, b = mask(t, 7, 2), mask(t, 7, 3)
        seq = pc.if_else(a, 3, pc.if_else(b, 2, t.column("seq")))
        return t.set_column(t.schema.get_field_index("seq"), "seq", pc.cast(seq, pa.int32()))
    rewrite(lake, PART1, change)


def _reorder_rows(lake: Path) -> None:
    def change(t: pa.Table) -> pa.Table:
        order = list(range(t.num_rows))
        random.Random(1).shuffle(order)
        return t.take(order)
    rewrite(lake, PART1, change)


def _swap_agents(lake: Path) -> None:
    def change(t: pa.Table) -> pa.Table:
        where = mask(t, 7, 0)
        agents = t.filter(where).column("agents")[0].as_py()
        swapped = pa.scalar(list(reversed(agents)), t.schema.field("agents").type)
        new = pc.if_else(where, swapped, t.column("agents"))
        return t.set_column(t.schema.get_field_index("agents"), "agents", new)
    rewrite(lake, PART1, change)


def other_seed_game(other_lake: Path) -> Tamper:
    """Game 7 replaced by game 7 of the same spec played with another seed."""
    def tamper(lake: Path) -> None:
        foreign = pq.read_table(other_lake / PART1)
        rewrite(lake, PART1, lambda t: pa.concat_tables([t.filter(pc.invert(mask(t, 7))),
                                                         foreign.filter(mask(foreign, 7))]))
    return tamper


def _drop_column(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: t.drop_columns(["card"]))


def _garbage_payload(lake: Path) -> None:
    rewrite(lake, PART1, lambda t: set_value(t, "payload", 7, 1, "{not json"))


def _delete_file(key: str) -> Tamper:
    return lambda lake: (lake / key).unlink()


def _delete_part_and_entry(reseal: bool) -> Tamper:
    def tamper(lake: Path) -> None:
        (lake / PART1).unlink()
        edit_manifest(lake, lambda m: m.update(files=[f for f in m["files"] if f["file"] != PART1]), reseal)
    return tamper


def _truncate(lake: Path) -> None:
    path = lake / PART1
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _write(key: str, data: bytes) -> Tamper:
    def tamper(lake: Path) -> None:
        (lake / key).parent.mkdir(parents=True, exist_ok=True)
        (lake / key).write_bytes(data)
    return tamper


def _copy(source: str, target: str) -> Tamper:
    def tamper(lake: Path) -> None:
        (lake / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(lake / source, lake / target)
    return tamper


def _swap_files(lake: Path) -> None:
    a, b = lake / PART0, lake / PART1
    data = a.read_bytes()
    a.write_bytes(b.read_bytes())
    b.write_bytes(data)


def _manifest_change(change: Callable[[dict], None], reseal: bool) -> Tamper:
    return lambda lake: edit_manifest(lake, change, reseal)


def _sha_of_part1(m: dict) -> None:
    m["files"][1]["sha256"] = "0" * 64


def _seed(m: dict) -> None:
    m["spec"]["seed"] = 8


def _ruleset_text(m: dict) -> None:
    m["ruleset"]["text"] = m["ruleset"]["text"].replace("value = 15", "value = 14")


def _foreign_entry(m: dict) -> None:
    m["files"][1]["file"] = "events/game=toy/run=other/part-00001.parquet"


GARBAGE = bytes(random.Random(3).randrange(256) for _ in range(4000))


def kinds(other_lake: Path) -> dict[str, tuple[Tamper, str]]:
    """kind -> (tamper, text `balance verify` must print); every kind exits 2."""
    return {
        # rows of a listed part file
        "deleted row": (_delete_row, f"{PART1} / game 7 / seq 3 / seq missing"),
        "deleted seal row": (_delete_seal_row, f"{PART1} / game 7 /"),
        "deleted game": (_delete_game, f"{PART1} / game - / seq - / 40 rows, manifest lists 48"),
        "duplicated row": (_duplicate_row, f"{PART1} / game 7 / seq 2 / seq duplicated"),
        "duplicated game": (_duplicate_game, f"{PART1} / game 9 / seq 0 / seq duplicated"),
        "changed event value": (_change_card, "first differing event is seq"),
        "changed clock_ms": (_set("clock_ms", 9, 2, 999_999), f"{PART1} / game 9 / seq 2 / envelope"),
        "changed player": (_set("player", 9, 3, 3), f"{PART1} / game 9 / seq 3 /"),
        "changed round": (_set("round", 9, 3, 42), f"{PART1} / game 9 / seq 3 / envelope round/turn/clock_ms"),
        "changed turn": (_set("turn", 9, 3, 42), f"{PART1} / game 9 / seq 3 / envelope round/turn/clock_ms"),
        "changed event type": (_change_event_type, f"{PART1} / game 7 /"),
        "changed sealed digest": (_change_digest, f"{PART1} / game 7 /"),
        "changed run_id column": (_change_run_id, "run_id column holds ['other'], expected 't'"),
        "game moved out of range": (_move_game_out_of_range, "game outside the manifest's range for this file"),
        "swapped rows (seq)": (_swap_seqs, f"{PART1} / game 7 /"),
        "reordered rows, same content": (_reorder_rows, "file differs from its checksum in the manifest"),
        "swapped agent labels": (_swap_agents, "game_started agents is ['random', 'greedy'], "
                                 "the spec derives ['greedy', 'random']"),
        "other-seed game": (other_seed_game(other_lake), "game_started seed is"),
        "changed ruleset digest in events": (_set("ruleset_digest", 7, 0, "beef"), "game_started ruleset_digest"),
        "changed player count": (_set("num_players", 8, 0, 3), "game_started num_players is 3"),
        "dropped column": (_drop_column, f"{PART1} / game 6 /"),
        "garbage payload": (_garbage_payload, f"{PART1} / game 7 /"),
        # files
        "missing listed file": (_delete_file(PART1), f"lists {PART1}, which is missing from the lake"),
        "missing file and its entry": (_delete_part_and_entry(False), "its seal does not match its content"),
        "missing file, entry removed, resealed": (_delete_part_and_entry(True),
                                                  f"manifest does not list {PART1}, which the spec implies"),
        "truncated file": (_truncate, f"{PART1} / game - / seq - / unreadable Parquet file"),
        "garbage file": (_write(PART1, GARBAGE), f"{PART1} / game - / seq - / unreadable Parquet file"),
        "empty file": (_write(PART1, b""), f"{PART1} / game - / seq - / unreadable Parquet file"),
        "swapped files": (_swap_files, "game outside the manifest's range for this file"),
        "foreign part-7.parquet": (_copy(PART1, f"{FOLDER}/part-7.parquet"), "stray file: not listed in run t's"),
        "foreign part-foreign.parquet": (_copy(PART1, f"{FOLDER}/part-foreign.parquet"), "stray file: not listed"),
        "copy part-00001-copy.parquet": (_copy(PART1, f"{FOLDER}/part-00001-copy.parquet"), "stray file"),
        "extra part-00009.parquet": (_copy(PART1, f"{FOLDER}/part-00009.parquet"), "part-00009.parquet / game - / "
                                     "seq - / stray file: not listed in run t's manifest"),
        "files of an unclaimed run": (_copy(PART1, "events/game=toy/run=ghost/part-00000.parquet"),
                                      "stray file: no run claims this folder"),
        "leftover temp file": (_write(f"{FOLDER}/.tmp-99-part-00001.parquet", b"half"), "temporary file left"),
        # manifests
        "missing manifest": (_delete_file(MANIFEST), "run t is incomplete (no manifest), 4 of 4 part files"),
        "garbage manifest": (_write(MANIFEST, b"{not json"), "rejected manifest: runs/t/manifest.json is not "
                             "readable JSON"),
        "edited manifest count": (_manifest_change(lambda m: m["totals"].update(games=25), False),
                                  "edited after the run was written: its seal does not match"),
        "edited manifest checksum, resealed": (_manifest_change(_sha_of_part1, True),
                                               f"{PART1} / game - / seq - / file differs from its checksum"),
        "edited manifest spec, resealed": (_manifest_change(_seed, True), "the manifest's spec differs from the spec "
                                           "the run id was claimed with"),
        "edited manifest ruleset, resealed": (_manifest_change(_ruleset_text, True),
                                              "manifest ruleset text has digest"),
        "manifest lists another run's file": (_manifest_change(_foreign_entry, True), "which is not a part file of "
                                              "this run's own folders"),
    }
