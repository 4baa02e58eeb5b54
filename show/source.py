"""Where a shown game comes from: one game of the lake, a recorded-game file, or a JSON event list.

Whatever the source, a game is its events plus the exact ruleset it was
played under; everything shown is rebuilt from them by folding the events
(`engine.core.fold`), so simulated and recorded games show the same way.
Lake rows are read through `events_from_table`, which upcasts rows written
by older engines to today's events.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import BalanceError, ReplayError
from engine.core.events import CORE_EVENTS, Event, GameStarted, event_field_names
from engine.core.game import Game
from engine.core.logread import event_from_row, events_from_table
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from lake.catalogue import catalogue
from lake.manifest import manifest_ruleset
from lake.parquet_format import read_table
from recorded.errors import RecordError
from recorded.records import GameRecord, read_records
from recorded.replay import make_replay, replay_record

EVENT_LIST_FORMAT = "balance-event-list"


class ShowError(BalanceError):
    """A game that cannot be found or shown (names the lake, run, game or file and what to do)."""


@dataclass
class ShownGame:
    """One game to show: its rules, its events and who played each seat."""

    game: Game
    ruleset: Ruleset
    events: list[Event]
    labels: list[str]
    """Each seat's name as the table knew it: a recorded game's player, else 'seat N (agent)'."""
    title: str
    source: str = "simulated"
    run_id: str | None = None
    game_id: int | None = None
    names: dict[tuple[str, str], str] = field(default_factory=dict)
    """Display names from the ruleset's `[names]` tables (and each Caprice's `name`)."""
    lake: str = "data/lake"

    @property
    def start(self) -> GameStarted:
        first = self.events[0]
        assert isinstance(first, GameStarted)
        return first

    def show_command(self) -> str:
        """The command that prints this game again."""
        return f"balance show --lake {self.lake} --run {self.run_id} --game-id {self.game_id}"


def from_lake(lake: str | Path, run_id: str, game_id: int) -> ShownGame:
    """Game `game_id` of run `run_id` in the lake (complete runs only, as every reader of the lake)."""
    cat = catalogue(lake)
    found = cat.runs.get(run_id)
    if found is None or not found.complete or found.manifest is None:
        state = "not in the lake" if found is None else f"{found.state}, so it is not read"
        raise ShowError(f"run {run_id!r} in {lake}: {state}; `balance runs --lake {lake}` lists the complete runs")
    manifest = found.manifest
    if found.kind not in ("simulated", "recorded"):
        raise ShowError(f"run {run_id!r} is a {found.kind} run (no game logs to show); "
                        "pick a simulated or recorded run")
    game = get_game(manifest["game"])
    entry = _file_holding(manifest, game_id)
    if entry is None:
        last = manifest["totals"]["games"] - 1
        raise ShowError(f"run {run_id!r} has no game id {game_id} (its game ids are 0..{last}); "
                        "pick another --game-id")
    with cat.store.open(entry["file"]) as handle:
        table = read_table(handle, filters=[("game_id", "=", game_id)])
    events = next((evs for gid, evs in events_from_table(table, game.event_types) if gid == game_id), None)
    if not events:
        raise ReplayError(f"run {run_id!r} game {game_id}: its file {entry['file']} holds no events for it")
    ruleset = manifest_ruleset(game, manifest)
    recorded = _recorded_entry(manifest, game_id)
    start = events[0]
    if not isinstance(start, GameStarted):
        raise ReplayError(f"run {run_id!r} game {game_id} seq 0: first event is {start.TYPE!r}, not game_started")
    labels = list(recorded["labels"]) if recorded else agent_labels(start)
    title = (recorded or {}).get("title") or f"{game.id} run {run_id} game id {game_id}"
    return ShownGame(game, ruleset, events, labels, title, "recorded" if recorded else "simulated", run_id, game_id,
                     display_names(game, ruleset), str(lake))


def _file_holding(manifest: dict[str, Any], game_id: int) -> dict[str, Any] | None:
    for entry in manifest["files"]:
        if entry.get("first_game_id", 0) <= game_id <= entry.get("last_game_id", -1):
            return entry  # type: ignore[no-any-return]
    return None


def _recorded_entry(manifest: dict[str, Any], game_id: int) -> dict[str, Any] | None:
    extra = manifest.get("extra") or {}
    if extra.get("source") != "recorded":
        return None
    return next((g for g in extra.get("games", []) if g.get("game_id") == game_id), None)


def agent_labels(start: GameStarted) -> list[str]:
    """'seat 1 (greedy)' ... for simulated games (seat 1 plays first)."""
    return [f"seat {seat + 1} ({agent})" for seat, agent in enumerate(start.agents)]


def from_record(path: str | Path, number: int = 1) -> ShownGame:
    """Game `number` of a recorded-game JSON file, counted from 1 as every record and ingest message counts a
    file's games ("game 2" is `number=2`), replayed through the rules exactly as ingest does."""
    records, problems = read_records(Path(path))
    record = next((r for r in records if r.index == number), None)
    if record is None:
        problem = next((p for p in problems if p.game in (number, None)), None)
        if problem is not None:
            raise problem
        held = max([r.index for r in records] + [p.game or 0 for p in problems], default=0)
        raise ShowError(f"{path}: no game {number} (its games are 1..{held}); pick another --number")
    if "scores" not in record.data:  # `balance record` stopped part-way: the moves so far
        return _unfinished(record, path, number)
    replayed = replay_record(record)
    game = get_game(replayed.game)
    events = [row[1] for row in replayed.rows]
    title = record.data.get("title") or f"{Path(path).name} game {number}"
    return ShownGame(game, replayed.ruleset, events, replayed.labels, title, "recorded", None, None,
                     display_names(game, replayed.ruleset))


def _unfinished(record: GameRecord, path: str | Path, number: int) -> ShownGame:
    """A record without scores yet, replayed through the rules up to its last written move."""
    replay = make_replay(record, {})
    replay.complete = False  # a real-time replay stops where the lines run out
    try:
        replay.play_written()
    except RecordError as exc:
        raise exc.at(record.file, record.index, record.data.get("title") or "") from None
    title = f"{record.data.get('title') or f'{Path(path).name} game {number}'} (unfinished)"
    return ShownGame(replay.game, replay.ruleset, replay.sink.events, replay.labels, title, "recorded", None,
                     None, display_names(replay.game, replay.ruleset))


def from_event_list(path: str | Path) -> ShownGame:
    """A game written by `write_event_list`: the ruleset text and every event with its type and version."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ShowError(f"{path}: cannot read the event list ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != EVENT_LIST_FORMAT:
        raise ShowError(f"{path}: not a {EVENT_LIST_FORMAT} file")
    try:
        return _event_list(data, path)
    except (KeyError, TypeError, IndexError) as exc:
        raise ShowError(f"{path}: a broken event list ({exc!r} missing or wrong); write it again with "
                        "write_event_list") from None


def _event_list(data: dict[str, Any], path: str | Path) -> ShownGame:
    game = get_game(data["game"])
    ruleset = manifest_ruleset(game, {"ruleset": data["ruleset"], "run_id": str(path)})
    by_type = {cls.TYPE: cls for cls in (*CORE_EVENTS, *game.event_types)}
    events = [event_from_row({**row, "game_id": 0, "seq": seq, "payload": None}, by_type)
              for seq, row in enumerate(data["events"])]
    start = events[0]
    if not isinstance(start, GameStarted):
        raise ShowError(f"{path}: the first event is {start.TYPE!r}, not game_started")
    labels = data.get("labels") or agent_labels(start)
    title = data.get("title") or Path(path).stem
    return ShownGame(game, ruleset, events, labels, title, data.get("source", "simulated"), None, None,
                     display_names(game, ruleset))


def write_event_list(shown: ShownGame, path: str | Path) -> None:
    """Write a game as a JSON event list (small committed test data; read back by `from_event_list`)."""
    rows = [{"event_type": e.TYPE, "schema_version": e.VERSION,
             **{name: _plain(getattr(e, name)) for name in event_field_names(type(e)) if getattr(e, name) is not None}}
            for e in shown.events]
    data = {"format": EVENT_LIST_FORMAT, "game": shown.game.id, "title": shown.title, "source": shown.source,
            "labels": shown.labels, "ruleset": {"name": shown.ruleset.name, "digest": shown.ruleset.digest,
                                                "text": shown.ruleset.text},
            "events": []}
    head = json.dumps(data, ensure_ascii=False, indent=1)[:-len('[]\n}')]  # one event per line below
    body = ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows)
    Path(path).write_text(f"{head}[\n{body}\n]\n}}\n", encoding="utf-8")


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def from_events(game: Game | str, ruleset: Ruleset, events: list[Event], labels: list[str] | None = None,
                title: str = "") -> ShownGame:
    """A game held in memory (e.g. played in a notebook with a ListSink)."""
    game = get_game(game) if isinstance(game, str) else game
    start = events[0]
    if not isinstance(start, GameStarted):
        raise ShowError(f"a game's events start with game_started, not {start.TYPE!r}")
    return ShownGame(game, ruleset, events, labels or agent_labels(start), title or f"{game.id} game",
                     names=display_names(game, ruleset))


def display_names(game: Game, ruleset: Ruleset) -> dict[tuple[str, str], str]:
    """(kind, id) -> display name from a ruleset's `[names]` tables and each Caprice's `name`.

    The registered ruleset file of the same name wins when its digest is the
    same (names are outside the digest, so a rename there reaches old runs).
    """
    names = ruleset.display_names(game.id)
    twin = _registered_twin(game, ruleset)
    return {**names, **(twin.display_names(game.id) if twin is not None else {})}


def _registered_twin(game: Game, ruleset: Ruleset) -> Ruleset | None:
    try:
        twin = game.load_ruleset(ruleset.name)
    except BalanceError:
        return None
    return twin if twin.digest == ruleset.digest else None
