"""Export a game's event log as a recorded-game record (the inverse of `recorded.replay`).

The log holds events, not commands, so the export replays it: at each
decision it finds the legal command whose events are the logged ones (the
chance outcomes are fed from the log itself), writes it in the game's
notation with the outcomes it drew, and leaves out moves with no
alternative that draw nothing (ingest applies those itself). Ingesting the record gives back
the same events and the same sealed digest.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engine.core.chance import ChanceError, Outcome, ScriptedChance
from engine.core.driver import apply_command, begin, state_digest
from engine.core.errors import BalanceError, IllegalCommand
from engine.core.events import Event, GameSealed, GameStarted
from engine.core.game import Game
from engine.core.logread import events_from_table
from engine.core.notation import Notation
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from lake.catalogue import catalogue
from lake.manifest import manifest_ruleset
from lake.parquet_format import read_table
from recorded.entries import OUTCOME_MARK, normal_text
from recorded.errors import ExportError
from recorded.schema import FORMAT, FORMAT_VERSION
from recorded.timed import export_timed
from recorded.turn_replay import EnvelopeSink, is_timed, notation_of


class _LoggedChance(ScriptedChance):
    """Hands out the log's own outcomes and remembers which step drew which."""

    def __init__(self, outcomes: list[Outcome]) -> None:
        super().__init__()
        self.give(outcomes)
        self.history: list[Outcome] = []

    def draw(self, what: str, pool: Sequence[Any], count: int = 1, owner: int | None = None) -> list[Any]:
        before = [o for o in self.pending if o.what == what][:count]
        chosen = super().draw(what, pool, count, owner)
        self.history += before
        return chosen

    def trial(self) -> _LoggedChance:
        """A copy to try a candidate command on."""
        return _LoggedChance(list(self.pending))


def export_game(game: Game, ruleset: Ruleset, events: list[Event], ruleset_ref: str | None = None,
                game_id: int = 0) -> dict[str, Any]:
    """The record of one logged game (ExportError when the log does not replay move by move)."""
    start = events[0]
    if not isinstance(start, GameStarted) or not isinstance(events[-1], GameSealed):
        raise ExportError(f"game {game_id}: a log must start with game_started and end with game_sealed")
    if is_timed(game):
        setup, moves, state = export_timed(game, ruleset, events, game_id)
    else:
        setup, moves, state = _export_moves(game, ruleset, events, notation_of(game), game_id)
    if state_digest(game, state) != events[-1].digest:  # type: ignore[attr-defined]
        raise ExportError(f"game {game_id}: the exported moves do not reach the logged digest")
    return _record(ruleset_ref or ruleset.name, game.id, start, setup, moves, game.scores(state))


def _export_moves(game: Game, ruleset: Ruleset, events: list[Event], notation: Notation,
                  game_id: int) -> tuple[dict[str, Any], list[Any], Any]:
    """Setup, moves and final state of a game played move by move."""
    start = events[0]
    assert isinstance(start, GameStarted)
    initial = game.initial_state(ruleset, start.num_players, start.seed, start.agents)
    chance = _LoggedChance([notation.parse_outcome(initial, kind, token)
                            for event in events for kind, token in notation.outcomes_in(initial, event)])
    sink = EnvelopeSink()
    state, seq = begin(game, ruleset, start, chance, sink, game_id)
    setup = _setup_of([row[1] for row in sink.rows[1:]], notation, initial)
    moves: list[Any] = []
    forced: list[tuple[str, str]] = []  # moves left out since the last written line: (normalised text, line)
    while (player := game.to_move(state)) is not None:
        legal = game.legal_commands(state, player)
        command = _logged_command(game, state, legal, chance, events, seq + 1, game_id)
        text = notation.move_text(state, command)
        chance.history = []
        state, seq = apply_command(game, state, command, chance, sink, game_id, seq)
        drawn = [(o.what, o.text) for o in chance.history]
        line = _line(player, text, drawn, notation.inline_kind(command))
        if len(legal) == 1 and not drawn:  # no alternative and nothing drawn: ingest applies it itself
            forced.append((normal_text(text), line))
            continue
        matches = [i for i, (normal, _) in enumerate(forced) if normal == normal_text(text)]
        if matches:  # ingest would take this line for that forced move: write the forced moves up to it too
            moves += [written for _, written in forced[:matches[-1] + 1]]
        forced = []
        moves.append(line)
    return setup, moves, state


def _logged_command(game: Game, state: Any, legal: Sequence[Any], chance: _LoggedChance, events: list[Event],
                    seq: int, game_id: int) -> Any:
    """The legal command whose events are the log's next ones (their outcomes come from the log)."""
    for command in legal:
        trial = chance.trial()
        try:
            produced = game.decide(state, command, trial)
        except (IllegalCommand, ChanceError):
            continue
        if produced and produced == events[seq:seq + len(produced)]:
            return command
    raise ExportError(f"game {game_id} seq {seq}: no legal command gives the logged {events[seq].TYPE}; "
                      "the log was written by other rules (check the ruleset) or altered")


def _setup_of(events: list[Event], notation: Notation, state: Any) -> dict[str, Any]:
    """Setup outcomes by kind: one list per event when a kind comes in several events (hands)."""
    groups: dict[str, list[list[str]]] = {}
    for event in events:
        per_kind: dict[str, list[str]] = {}
        for kind, token in notation.outcomes_in(state, event):
            per_kind.setdefault(kind, []).append(token)
        for kind, tokens in per_kind.items():
            groups.setdefault(kind, []).append(tokens)
    setup: dict[str, Any] = {}
    for kind, lists in groups.items():
        if len(lists) > 1:
            setup[kind] = lists
        else:
            setup[kind] = lists[0][0] if len(lists[0]) == 1 else lists[0]
    return setup


def _line(player: int, text: str, drawn: list[tuple[str, str]], inline: str | None) -> str:
    line = f"{player + 1}: {text}"
    if drawn:
        line += f" {OUTCOME_MARK} " + ", ".join(token if kind == inline else f"{kind} {token}" for kind, token in drawn)
    return line


def _record(ruleset: str, game: str, start: GameStarted, setup: dict[str, Any], moves: list[Any],
            scores: list[float]) -> dict[str, Any]:
    return {
        "game": game, "ruleset": ruleset, "players": start.num_players, "agents": list(start.agents),
        "seed": start.seed, "setup": setup, "moves": moves, "scores": [_number(s) for s in scores],
    }


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def records_file(records: list[dict[str, Any]]) -> dict[str, Any]:
    """A recorded-game file holding `records` (what `balance export` writes and ingest reads back)."""
    return {"format": FORMAT, "version": FORMAT_VERSION, "games": records}


def export_lake(lake: Path, game: str | None = None, run: str | None = None, first: int | None = None,
                ids: set[int] | None = None) -> Iterator[dict[str, Any]]:
    """Records of chosen games from the lake's complete runs (by game, run, game ids, or the first N)."""
    cat = catalogue(lake)
    runs = [run] if run is not None else sorted(cat.runs)
    produced = 0
    for run_id in runs:
        found = cat.runs.get(run_id)
        manifest = found.manifest if found is not None and found.complete else None
        if manifest is None:
            if run is not None:
                raise ExportError(f"run {run_id!r} is not a complete run in {lake} (incomplete, rejected or "
                                  "unknown; see `balance runs`): finish it or pick another --run")
            continue
        if game is not None and manifest["game"] != game:
            continue
        game_obj = get_game(manifest["game"])
        ruleset = manifest_ruleset(game_obj, manifest)
        ref = _ruleset_ref(game_obj, ruleset, manifest)
        for entry in manifest["files"]:
            with cat.store.open(entry["file"]) as handle:
                table = read_table(handle)
            for game_id, events in events_from_table(table, game_obj.event_types):
                if ids is not None and game_id not in ids:
                    continue
                record = export_game(game_obj, ruleset, events, ref, game_id)
                record["title"] = f"exported from run {run_id} game id {game_id}"
                yield record
                produced += 1
                if first is not None and produced >= first:
                    return


def _ruleset_ref(game: Game, ruleset: Ruleset, manifest: dict[str, Any]) -> str:
    """How the record names its ruleset: the registered name if its digest matches, else the file path."""
    try:
        if game.load_ruleset(ruleset.name).digest == ruleset.digest:
            return ruleset.name
    except BalanceError:
        pass
    path = manifest["ruleset"].get("path")
    if path and Path(path).exists() and game.load_ruleset(path).digest == ruleset.digest:
        return str(path)
    raise ExportError(f"run {manifest['run_id']}: its ruleset {ruleset.name!r} ({ruleset.digest}) is neither a "
                      "registered ruleset nor a file that still exists; save the manifest's ruleset text as a "
                      ".toml file and ingest with \"ruleset\" set to its path")


