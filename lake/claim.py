"""Claiming a run id: one writer per run, one spec per run id, decided atomically.

A run id is claimed by creating `runs/<id>/spec.json` exclusively (a name
that already exists cannot be created again, on a local disk or an object
store), and written under `runs/<id>/lock`:

- local lakes hold an `fcntl.flock` on the lock file; the kernel drops it
  when the writer exits or is killed, so a killed run is resumable at once;
- object-store lakes create the lock object with a conditional PUT and
  delete it when done; a writer killed on another machine leaves it behind,
  and `balance runs unlock ID` removes it once no writer is running.

A second writer with a different spec stops at once, naming the keys that
differ. A second writer of the same spec refuses while the first is writing,
or waits for it with `wait=True`; it never crashes.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import socket
import time
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import BalanceError
from lake import layout
from lake.store import TEMP_PREFIX, LocalStore, Store

WAIT_POLL_S = 1.0
_HELD: set[int] = set()  # lock fds this process holds


def _close_inherited_locks() -> None:
    """A forked worker must not keep its parent's run lock alive after the parent dies (kill -9)."""
    for fd in list(_HELD):
        with contextlib.suppress(OSError):
            os.close(fd)  # the lock belongs to the open file; the parent's descriptor still holds it
    _HELD.clear()


os.register_at_fork(after_in_child=_close_inherited_locks)


class RunConflict(BalanceError):
    """The run id is taken (by another spec, or by this spec without --resume)."""


class RunBusy(RunConflict):
    """Another process is writing this run right now."""


@dataclass
class RunClaim:
    """A held claim on a run id; `release` when done, `abandon` when nothing was written."""

    store: Store
    run_id: str
    created: bool
    _handle: Any = field(default=None, repr=False)
    lock_key: str = ""  # where the lock lives (default: runs/<id>/lock)

    def __post_init__(self) -> None:
        self.lock_key = self.lock_key or layout.meta_key(self.run_id, layout.LOCK_FILE)

    def release(self) -> None:
        """Let other writers in (the claim record stays: the run id keeps its spec)."""
        if self._handle is not None:
            _unlock_local(self._handle)
            self._handle = None
        elif not isinstance(self.store, LocalStore):
            self.store.remove(self.lock_key)

    def abandon(self) -> None:
        """Give the run id back: called when a run failed before writing any data."""
        if self.created:
            self.store.remove(layout.meta_key(self.run_id, layout.SPEC_FILE))
        local = self.store.local_path()
        self.release()
        if local is not None:
            folder = local / layout.meta_key(self.run_id)
            (folder / layout.LOCK_FILE).unlink(missing_ok=True)
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()

    def __enter__(self) -> RunClaim:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


# an experiment arm's run id: <experiment>.<arm>-<digest> (simulate.experiment names arms so)
ARM_RUN_ID = re.compile(r"^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)-[0-9a-f]{10}$")


def resume_command(run_id: str, lake: str) -> str:
    """The command that finishes an incomplete simulated run, as it works when pasted: `--resume` with a
    run id reads the spec from the run's claim."""
    return f"balance simulate --resume --run-id {run_id} --lake {shlex.quote(lake)}"


def read_claim(store: Store, run_id: str) -> dict[str, Any] | None:
    """The claim record of a run id, None when unclaimed (unreadable JSON is a conflict, named)."""
    key = layout.meta_key(run_id, layout.SPEC_FILE)
    if not store.exists(key):
        return None
    try:
        data = json.loads(store.read_bytes(key))
    except (ValueError, UnicodeDecodeError) as exc:
        raise RunConflict(f"{store.url}/{key}: unreadable claim record ({exc}); remove the run with "
                          f"`balance runs remove {run_id}` or choose another --run-id") from None
    return data if isinstance(data, dict) else {"invalid": data}


def claimed_spec(store: Store, run_id: str) -> dict[str, Any] | None:
    """The spec a simulated run id was claimed with (None when unclaimed or claimed by another kind of run)."""
    record = read_claim(store, run_id)
    spec = (record or {}).get("spec")
    return dict(spec) if (record or {}).get("kind", "simulated") == "simulated" and isinstance(spec, dict) else None


def claim_run(store: Store, run_id: str, record: dict[str, Any], resume: bool, wait: bool = False) -> RunClaim:
    """Claim `run_id` for `record` (the spec and ruleset digest); raises RunConflict or RunBusy."""
    _refuse_other_spec(store, run_id, record)
    claim = hold_lock(store, run_id, wait)
    try:
        _clear_killed_writes(store, run_id, _game_of(record))
        stored = read_claim(store, run_id)
        if stored is None:
            _refuse_unclaimed_data(store, run_id)
            claim.created = store.create_exclusive(layout.meta_key(run_id, layout.SPEC_FILE), layout.json_bytes(record))
            stored = record if claim.created else read_claim(store, run_id)
        if stored != record:
            raise _conflict(store, run_id, stored or {}, record)
        if not claim.created and not resume:
            raise RunConflict(f"run id {run_id!r} already exists in {store.url}; pass --resume to fill its missing "
                              "parts, or choose another --run-id")
    except BaseException:
        claim.release()
        raise
    return claim


def hold_lock(store: Store, run_id: str, wait: bool = False, key: str = "") -> RunClaim:
    """Take the writer lock of `run_id` (RunBusy while another process holds it): a writer holds it while it
    writes, `runs remove` while it deletes; `key` puts a lock that is not a run's elsewhere (ingest's).
    `release` the claim it returns."""
    key = key or layout.meta_key(run_id, layout.LOCK_FILE)
    return RunClaim(store, run_id, created=False, _handle=_lock(store, run_id, wait, key), lock_key=key)


def _game_of(record: dict[str, Any]) -> str | None:
    spec = record.get("spec")
    game = record.get("game") or (spec.get("game") if isinstance(spec, dict) else None)
    return game if isinstance(game, str) else None


def _clear_killed_writes(store: Store, run_id: str, game: str | None) -> None:
    """Remove temporary files from the run's folders: we hold its lock, so they are half-written files (a
    spec, a manifest, a part) of a writer killed before its rename, which nothing reads and verify would
    report as stray."""
    folders = [layout.meta_key(run_id)]
    if game is not None:
        folders += [layout.data_folder_key(dataset, game, run_id) for dataset in layout.DATASETS]
    for folder in folders:
        for key in store.find(folder):
            if key.rsplit("/", 1)[-1].startswith(TEMP_PREFIX):
                store.remove(key)


def is_being_written(store: Store, run_id: str) -> bool:
    """True while some process holds the run's writer lock (object stores: the lock object exists)."""
    key = layout.meta_key(run_id, layout.LOCK_FILE)
    local = store.local_path()
    if local is None:
        return store.exists(key)
    path = local / key
    if not path.exists():
        return False
    import fcntl

    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def owner_text(store: Store, run_id: str, key: str = "") -> str:
    """Who holds the lock, as the writer recorded it (pid, host, since)."""
    try:
        info = json.loads(store.read_bytes(key or layout.meta_key(run_id, layout.LOCK_FILE)) or b"{}")
        return f"pid {info['pid']} on {info['host']} since {info['since']}"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process"


def _refuse_other_spec(store: Store, run_id: str, record: dict[str, Any]) -> None:
    stored = read_claim(store, run_id)
    if stored is not None and stored != record:
        raise _conflict(store, run_id, stored, record)


def _refuse_unclaimed_data(store: Store, run_id: str) -> None:
    for dataset in layout.DATASETS:
        for key in store.find(dataset):
            if f"/run={run_id}/" in key:
                raise RunConflict(f"{store.url}/{key} exists but run {run_id!r} was never claimed (no spec.json); "
                                  f"it was not written by balance: remove it (`balance runs remove {run_id}`) "
                                  "or choose another --run-id")


def _conflict(store: Store, run_id: str, stored: dict[str, Any], record: dict[str, Any]) -> RunConflict:
    return RunConflict(
        f"run id {run_id!r} already exists in {store.url} with a different spec ({_differences(stored, record)}); "
        "choose another --run-id (a changed ruleset file keeps the derived id)"
    )


def _differences(stored: dict[str, Any], record: dict[str, Any]) -> str:
    """'key: old there, new now' for every spec key (and the ruleset digest) that differs."""
    def flat(rec: dict[str, Any]) -> dict[str, Any]:
        spec = rec.get("spec")
        return {**(spec if isinstance(spec, dict) else {}), **{k: v for k, v in rec.items() if k != "spec"}}

    old, new = flat(stored), flat(record)
    keys = sorted(k for k in {*old, *new} if old.get(k) != new.get(k))
    return "; ".join(f"{k}: {old.get(k)!r} there, {new.get(k)!r} now" for k in keys)


def _owner_record() -> bytes:
    since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": since}).encode()


def _lock(store: Store, run_id: str, wait: bool, key: str) -> Any:
    local = store.local_path()
    if local is not None:
        return _lock_local(store, key, run_id, wait)
    while not store.create_exclusive(key, _owner_record()):
        if not wait:
            raise RunBusy(f"run {run_id!r} is being written by {owner_text(store, run_id, key)}; wait for it (--wait), "
                          f"or if that writer was killed, `balance runs unlock {run_id}` and resume")
        time.sleep(WAIT_POLL_S)
    return None


def _lock_local(store: Store, key: str, run_id: str, wait: bool) -> int:
    import fcntl

    local = store.local_path()
    assert local is not None
    path = local / key
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                raise RunBusy(f"run {run_id!r} is being written by {owner_text(store, run_id, key)}; wait for it to "
                              "finish (or pass --wait), then resume it with --resume") from None
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, _owner_record(), 0)
    except BaseException:
        os.close(fd)
        raise
    _HELD.add(fd)
    return fd


def _unlock_local(fd: int) -> None:
    import fcntl

    _HELD.discard(fd)
    try:
        os.ftruncate(fd, 0)
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)

def resume_hint(run_id: str) -> str | None:
    """How to finish an experiment arm's run (re-running the experiment resumes it), or None for other runs."""
    match = ARM_RUN_ID.match(run_id)
    if match is None:
        return None
    return (f"re-run experiment {match.group(1)} (the balance compare / sweep / tune command that played it "
            "resumes it)")
