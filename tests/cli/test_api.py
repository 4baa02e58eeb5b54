"""docs/api.md's example runs as written and prints what its comments say; the Makefile says what it installs."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
API_DOC = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
HEARTBEAT = ROOT / "requirements" / "heartbeat.sh"


def test_the_api_example_runs_and_prints_what_it_promises() -> None:
    [example] = re.findall(r"```python\n(.*?)```", API_DOC, re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "docs/api.md", "exec"), {})  # noqa: S102 - the doc's own example
    lines = out.getvalue().splitlines()
    assert re.fullmatch(r"caprices-\w+ 20 games", lines[0])
    assert lines[1:4] == ["verified: True 20 games", "[(2, 10), (4, 10)]", "(20,)"]
    assert lines[4].startswith("Les caprices du roi")
    assert lines[-1] == "['overview.html', 'caprices.html', 'index.html']"


def test_every_install_step_of_the_makefile_says_what_it_installs() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    # what `make report` and `make test` install (`make locks` installs only its own resolver)
    steps = [line for line in makefile.splitlines() if "$(PIP)" in line or "--no-build-isolation -e ." in line]
    assert len(steps) >= 5
    for line in steps:
        assert line.startswith('\t$(BEAT) "installing '), line
        lock = re.search(r"-r (requirements/\S+)", line)
        assert lock is None or f"installing {lock.group(1)}:" in line, line


def test_the_install_heartbeat_speaks_while_the_step_runs_and_keeps_its_status(tmp_path: Path) -> None:
    """The step waits until the heartbeat has spoken (no sleep measures anything) and exits 3."""
    log = tmp_path / "out.txt"
    step = f"until grep -q 'still busy' {log}; do sleep 0.05; done; exit 3"
    with log.open("w") as out:
        done = subprocess.run(["sh", str(HEARTBEAT), "installing requirements/x.lock: 2 pinned packages",
                               "sh", "-c", step], stdout=out, env={"PATH": "/usr/bin:/bin", "HEARTBEAT_INTERVAL": "1"},
                              timeout=60, check=False)
    lines = log.read_text().splitlines()
    assert done.returncode == 3
    assert lines[0] == "installing requirements/x.lock: 2 pinned packages"
    assert re.fullmatch(r"  \.\.\. still busy \(\d+ s\)", lines[1])
