"""A real million: simulate 1,000,000 distinct Caprices games, verify, build the warehouse, report.

    make million                       # or: .venv/bin/python -m balance.million --out data/million
    .venv/bin/python -m balance.million --games 20000 --out /tmp/m   # the same steps, smaller

The games are simulated as `--runs` runs (default 10 of 100,000 games, seeds
1, 2, ...), each sealed when it completes, so an interrupted benchmark keeps
every finished run and `make million` again resumes where it stopped (every
simulate command runs with `--resume`; a complete run returns at once).

Every step is the `balance` command a designer would type, run as its own
process; for each, the wall time and the peak memory of the step's whole
process tree (the sum of its processes' resident memory, sampled every 0.2 s,
and the largest single process as the kernel counts it) are recorded. After
the report come the figures of the incremental warehouse: the headline query
on the built warehouse, a further 10,000-game run landing in the lake and the
incremental build that follows it, then a full rebuild (`--full`) of the same
lake. The figures go to `<out>/million.json` and are printed as a Markdown
table (docs/benchmarks.md keeps a measured copy). `--steps` runs only some
steps (e.g. `--steps build,headline` on a lake made earlier).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

STEPS = ("simulate", "verify", "build", "report", "headline", "add", "incremental", "full")
ADDED_GAMES = 10_000


@dataclass
class StepFigure:
    step: str
    command: str
    seconds: float
    peak_tree_mb: float  # sum of the resident memory of the step's processes, at its sampled peak
    peak_process_mb: float  # the largest single process (kernel's maxrss)
    note: str = ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1_000_000, help="distinct Caprices games (default 1,000,000)")
    parser.add_argument("--players", default="4")
    parser.add_argument("--agents", default="random")
    parser.add_argument("--runs", type=int, default=10, help="the games are split into this many runs (default 10)")
    parser.add_argument("--batch-size", type=int, default=2000, help="games per part file (default 2000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("data/million"), help="lake, warehouse and reports go here")
    parser.add_argument("--steps", default=",".join(STEPS), help=f"comma-separated subset of {','.join(STEPS)}")
    args = parser.parse_args(argv)
    steps = [s for s in args.steps.split(",") if s]
    unknown = sorted(set(steps) - set(STEPS))
    if unknown:
        print(f"--steps: unknown step(s) {unknown}; choose among {', '.join(STEPS)}", file=sys.stderr)
        return 1
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    lake, warehouse = out / "lake", out / "warehouse.duckdb"
    balance = [str(Path(sys.executable).with_name("balance"))]
    simulate = [*balance, "simulate", "--game", "caprices", "--players", args.players, "--agents", args.agents,
                "--batch-size", str(args.batch_size), "--lake", str(lake), "--workers", str(args.workers),
                "--no-progress", "--resume"]
    per_run = -(-args.games // args.runs)
    commands: dict[str, list[list[str]]] = {
        "simulate": [[*simulate, "--games", str(per_run), "--seed", str(k + 1)] for k in range(args.runs)],
        "verify": [[*balance, "verify", "--lake", str(lake), "--workers", str(args.workers), "--no-progress"]],
        "build": [[*balance, "warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]],
        "report": [[*balance, "report", "--warehouse", str(warehouse), "--out", str(out / "reports")]],
        "headline": [[sys.executable, "-m", "warehouse.bench", "--headline", str(warehouse)]],
        "add": [[*simulate, "--games", str(ADDED_GAMES), "--seed", str(args.runs + 1)]],
        "incremental": [[*balance, "warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]],
        "full": [[*balance, "warehouse", "build", "--full", "--lake", str(lake), "--warehouse", str(warehouse)]],
    }
    record = out / "million.json"
    figures = {f["step"]: f for f in json.loads(record.read_text())["steps"]} if record.exists() else {}
    started = time.time()
    for step in steps:
        figure = run_commands(step, commands[step])
        figures[step] = asdict(figure)
        print(f"{step:12} {figure.seconds:9.1f} s  peak {figure.peak_tree_mb:8.0f} MB (tree) "
              f"{figure.peak_process_mb:8.0f} MB (largest process)  {figure.note}", flush=True)
        if figure.note.startswith("failed"):
            break
    context = {"games": args.games, "players": args.players, "agents": args.agents, "batch_size": args.batch_size,
               "workers": args.workers, "started": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(started)),
               "load_before": os.getloadavg(), "cpus": os.cpu_count()}
    ordered = [figures[s] for s in STEPS if s in figures]
    record.write_text(json.dumps({"context": context, "steps": ordered}, indent=2) + "\n", encoding="utf-8")
    print(markdown(ordered))
    return 0 if all(not f["note"].startswith("failed") for f in ordered) else 2


def run_commands(step: str, commands: list[list[str]]) -> StepFigure:
    """A step of one or more commands in turn: times add up, peaks are the largest; stops at a failure."""
    figures = []
    for command in commands:
        figures.append(run_step(step, command))
        if len(commands) > 1:
            done = figures[-1]
            print(f"  {step} {len(figures)}/{len(commands)}: {done.seconds:.1f} s {done.note}", flush=True)
        if figures[-1].note.startswith("failed"):
            break
    shown = figures[0].command + (f" (and {len(commands) - 1} more like it)" if len(commands) > 1 else "")
    return StepFigure(step, shown, sum(f.seconds for f in figures), max(f.peak_tree_mb for f in figures),
                      max(f.peak_process_mb for f in figures), figures[-1].note)


def run_step(step: str, command: list[str]) -> StepFigure:
    """Run one step's command, sampling the memory of its process tree; its output goes to our stdout."""
    wrapper = [sys.executable, "-c", _WRAPPER, *command]
    started = time.perf_counter()
    process = subprocess.Popen(wrapper, stdout=subprocess.PIPE, text=True)
    peak = [0.0]
    sampler = threading.Thread(target=_sample, args=(process, peak), daemon=True)
    sampler.start()
    assert process.stdout is not None
    lines = process.stdout.read().splitlines()
    process.wait()
    seconds = time.perf_counter() - started
    sampler.join()
    maxrss_kb = int(lines[-1]) if lines and lines[-1].isdigit() else 0
    code = int(lines[-2]) if len(lines) > 1 and lines[-2].lstrip("-").isdigit() else process.returncode
    output = [line for line in lines[:-2] if line.strip()]
    note = output[-1][:160] if output else ""
    if code != 0:
        note = f"failed (exit {code}): {note}"
    return StepFigure(step, " ".join(_short(command)), seconds, peak[0], maxrss_kb / 1024, note)


# the step runs as a child of this tiny wrapper, so the wrapper's RUSAGE_CHILDREN is the step's alone
_WRAPPER = """
import resource, subprocess, sys
result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(result.stdout)
print()
print(result.returncode)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _sample(process: subprocess.Popen[str], peak: list[float]) -> None:
    page = resource.getpagesize()
    while process.poll() is None:
        peak[0] = max(peak[0], _tree_rss(process.pid, page) / 2**20)
        time.sleep(0.2)


def _tree_rss(root: int, page: int) -> int:
    """Resident bytes of `root` and all its descendants (from /proc; 0 where /proc is missing)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(fields[21]) * page
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
        tree.update(children)
        frontier += children
    return sum(rss.get(pid, 0) for pid in tree)


def _short(command: list[str]) -> list[str]:
    return [Path(part).name if part == sys.executable or part.endswith("/balance") else part for part in command]


def markdown(figures: list[dict[str, object]]) -> str:
    rows = ["| step | command | time | peak memory (process tree) | largest process | result |",
            "|---|---|---:|---:|---:|---|"]
    for f in figures:
        rows.append(f"| {f['step']} | `{f['command']}` | {float(f['seconds']):,.1f} s | "  # type: ignore[arg-type]
                    f"{float(f['peak_tree_mb']):,.0f} MB | {float(f['peak_process_mb']):,.0f} MB | "  # type: ignore[arg-type]
                    f"{str(f['note']).replace('|', '/')} |")
    return "\n".join(rows)


if __name__ == "__main__":
    raise SystemExit(main())
