"""Experiments: a baseline ruleset and its variants played on common random numbers.

An experiment (a file `experiments/<name>.toml`, or the flags of `balance
compare` / `balance sweep`) names a game, a baseline ruleset, player counts,
an agent line-up, a number of games and a seed, plus the variants to try:

    name = "caprices-bonus"
    kind = "compare"                       # or "sweep"
    game = "caprices"
    ruleset = "standard"                   # the baseline
    players = [4]
    agents = ["random"]
    games = 2000
    seed = 1
    question = "Is the +30 Caprice too generous?"
    pool = false                           # true: the baseline arm's games also count in the study's tables

    [[variants]]
    name = "gentler bonuses"
    set = { "setup.bonus_tokens" = [25, 20, 15, 10] }   # or: file = "my-variant.toml"

    [sweep]                                # kind = "sweep": one arm per value
    param = "setup.bonus_tokens[0]"
    values = [10, 20, 30, 40, 50]
    metrics = ["slot_hit_rate", "seat_win_rate"]

Every arm is an ordinary simulated run of the same spec except its ruleset:
game k of every arm has the same seed and seating, so chance is shared and a
difference is measured per paired game. Arms are tagged in their manifest
(`extra`: experiment, arm, role, variant, change, baseline run) and their run
ids are derived from the experiment and the arm's content, so re-running an
experiment resumes it and plays no game twice. No arm counts in the study's
own tables (seat advantage, hit rates, the headlines) unless the experiment
says `pool = true`, and then only its baseline arm (recorded in the arm's
manifest when it is first played; warehouse.runs.in_study).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.core.errors import BalanceError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from lake.spec import DEFAULT_BATCH_SIZE, DEFAULT_RULESET, RunSpec
from simulate.variants import (
    Variant,
    default_name,
    param_value,
    read_toml,
    slug,
    variant_from_file,
    variant_ruleset,
)

KINDS = ("compare", "sweep", "tune", "assumptions")
BASELINE = "baseline"
_KEYS = {"name", "kind", "game", "ruleset", "players", "agents", "games", "seed", "batch_size", "question",
         "variants", "sweep", "metrics", "pool"}


class ExperimentError(BalanceError):
    """An experiment file or flag is wrong: names the file and key and what to write instead."""


@dataclass(frozen=True)
class Experiment:
    """What to compare: the baseline and the variants, on one spec of games."""

    name: str
    game: str
    ruleset: str
    players: tuple[int, ...]
    agents: tuple[str, ...]
    games: int
    variants: tuple[Variant, ...]
    seed: int = 0
    batch_size: int = DEFAULT_BATCH_SIZE
    kind: str = "compare"
    question: str = ""
    param: str | None = None  # sweep: the swept key
    values: tuple[Any, ...] = ()  # sweep: one arm per value
    metrics: tuple[str, ...] = ()  # the metrics to chart first (sweep), empty = the main ones
    pool: bool = False  # the baseline arm's games also count in the study's general tables

    def __post_init__(self) -> None:
        if slug(self.name) != self.name or "." in self.name:
            raise ExperimentError(f"experiment name {self.name!r}: use letters, digits, '_' or '-' "
                                  f"(at most 24), e.g. {slug(self.name).replace('.', '_')!r}")
        if self.kind not in KINDS:
            raise ExperimentError(f"experiment {self.name}: kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        names = [v.name for v in self.variants]
        if BASELINE in names or len(set(names)) != len(names):
            raise ExperimentError(f"experiment {self.name}: variant names must be distinct and not 'baseline': "
                                  f"{names}")


@dataclass(frozen=True)
class Arm:
    """One arm of an experiment: a ruleset played on the experiment's shared spec."""

    name: str
    role: str  # baseline | variant
    ruleset: Ruleset
    spec: RunSpec
    extra: dict[str, Any] = field(default_factory=dict)


def sweep_variants(param: str, values: tuple[Any, ...]) -> tuple[Variant, ...]:
    """One variant per swept value, named `key=value`."""
    return tuple(Variant(default_name({param: v}), {param: v}, where=f"--param {param}") for v in values)


def load_experiment(path: Path) -> Experiment:
    """An experiment from its TOML file (errors name the file and key)."""
    data = read_toml(path, "experiment file", ExperimentError)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ExperimentError(f"{path}: unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(_KEYS))}")
    for key in ("game", "games"):
        if key not in data:
            raise ExperimentError(f"{path}: missing key '{key}'")
    game = get_game(str(data["game"]))
    variants = tuple(_file_variant(item, i, path, game) for i, item in enumerate(data.get("variants", [])))
    sweep = data.get("sweep", {})
    kind = data.get("kind", "sweep" if sweep else "compare")
    param, values = sweep.get("param"), tuple(sweep.get("values", ()))
    if kind == "sweep":
        if not param or not values:
            raise ExperimentError(f"{path}: a sweep needs [sweep] param = \"section.key\" and values = [...]")
        variants = variants + sweep_variants(param, values)
    if not variants:
        raise ExperimentError(f"{path}: no variant; add [[variants]] with name and set = {{ ... }} or file = ...")
    try:
        return _experiment(data, path, game, variants, kind, param, values, sweep)
    except ExperimentError as exc:
        raise ExperimentError(f"{path}: {exc}") from None


def _experiment(data: dict[str, Any], path: Path, game: Game, variants: tuple[Variant, ...], kind: str,
                param: str | None, values: tuple[Any, ...], sweep: dict[str, Any]) -> Experiment:
    return Experiment(
        name=str(data.get("name", path.stem)), game=game.id, ruleset=str(data.get("ruleset", DEFAULT_RULESET)),
        players=tuple(data.get("players", game.facts.player_counts)), agents=tuple(data.get("agents", ["random"])),
        games=int(data["games"]), variants=variants, seed=int(data.get("seed", 0)),
        batch_size=int(data.get("batch_size", DEFAULT_BATCH_SIZE)), kind=kind, question=str(data.get("question", "")),
        param=param, values=values, metrics=tuple(sweep.get("metrics", data.get("metrics", ()))),
        pool=_pool(data, path),
    )


def _pool(data: dict[str, Any], path: Path) -> bool:
    pool = data.get("pool", False)
    if not isinstance(pool, bool):
        raise ExperimentError(f"{path}: key 'pool' must be true or false, got {pool!r}")
    return pool


def _file_variant(item: Any, index: int, path: Path, game: Game) -> Variant:
    where = f"{path}: variants[{index}]"
    if not isinstance(item, dict) or not ({"set", "file"} & set(item)):
        raise ExperimentError(f"{where}: write name = \"...\" and set = {{ \"section.key\" = value }} "
                              "or file = \"...\"")
    if "file" in item:
        return variant_from_file(path.parent / str(item["file"]), game, item.get("name"))
    overrides = item["set"]
    if not isinstance(overrides, dict):
        raise ExperimentError(f"{where}: set must be a table of \"section.key\" = value")
    return Variant(str(item.get("name") or default_name(overrides)), dict(overrides), where=f"{where}.set")


def scaled(experiment: Experiment, games: int | None = None, seed: int | None = None) -> Experiment:
    """The same experiment with another number of games or seed (tests and quick looks)."""
    return replace(experiment, games=games or experiment.games, seed=experiment.seed if seed is None else seed)


def plan_arms(experiment: Experiment, game: Game | None = None) -> list[Arm]:
    """The baseline arm then one arm per variant, each checked (rulesets validated) before anything is played."""
    game = game or get_game(experiment.game)
    baseline = game.load_ruleset(game.default_ruleset if experiment.ruleset == DEFAULT_RULESET else experiment.ruleset)
    base_spec = _spec(experiment, baseline.name, BASELINE)
    base_extra = _extra(experiment, BASELINE, "baseline", None, base_spec)
    if experiment.param:
        base_extra["experiment"]["param_value"] = param_value(baseline, experiment.param)
    arms = [Arm(BASELINE, "baseline", baseline, base_spec, base_extra)]
    for variant in experiment.variants:
        ruleset = variant_ruleset(game, baseline, variant)
        label = f"{baseline.name}~{slug(variant.name)}@{ruleset.digest}"
        spec = _spec(experiment, label, variant.name)
        arms.append(Arm(variant.name, "variant", ruleset, spec,
                        _extra(experiment, variant.name, "variant", variant, spec, base_spec.run_id)))
    return arms


def _spec(experiment: Experiment, ruleset_label: str, arm: str) -> RunSpec:
    spec = RunSpec(experiment.game, ruleset_label, experiment.players, experiment.agents, experiment.games,
                   experiment.seed, experiment.batch_size)
    return replace(spec, run_id=arm_run_id(experiment.name, arm, spec))


def arm_run_id(experiment: str, arm: str, spec: RunSpec) -> str:
    """`<experiment>.<arm>-<hash of the arm's spec>`: stable, so a re-run resumes the same runs."""
    digest = hashlib.blake2b(json.dumps({**spec.to_dict(), "run_id": ""}, sort_keys=True).encode(),
                             digest_size=5).hexdigest()
    return f"{experiment}.{slug(arm).replace('.', '_')}-{digest}"



def _extra(
    experiment: Experiment, arm: str, role: str, variant: Variant | None, spec: RunSpec, baseline_run: str = "",
) -> dict[str, Any]:
    """The arm's tags in its manifest: what the warehouse pairs and the report names."""
    value = variant.overrides.get(experiment.param) if variant is not None and experiment.param else None
    return {"experiment": {
        "name": experiment.name, "kind": experiment.kind, "question": experiment.question, "arm": arm, "role": role,
        "change": variant.describe() if variant else "the baseline ruleset",
        "overrides": dict(variant.overrides) if variant else {},
        "baseline_run": baseline_run or spec.run_id, "param": experiment.param,
        "param_value": value, "metrics": list(experiment.metrics), "pool": experiment.pool,
    }}


def run_arms(arms: list[Arm], lake: Any, workers: int | None = None, progress: bool = True) -> int:
    """Play every arm into the lake (a complete arm is kept as it is, a partial one resumed); returns the
    number of games played now."""
    from simulate.runner import run

    played = 0
    for arm in arms:
        was_complete = _complete(lake, arm.spec.run_id)
        manifest = run(arm.spec, lake, workers=workers, resume=True, progress=progress, ruleset=arm.ruleset,
                       extra=arm.extra)
        if not was_complete:  # a complete run's manifest keeps the figures of the invocation that finished it
            played += int(manifest.timings.get("games_played_now", 0))
    return played


def _complete(lake: Any, run_id: str) -> bool:
    from lake import layout
    from lake.store import open_store

    return open_store(lake).exists(layout.meta_key(run_id, layout.MANIFEST_FILE))
