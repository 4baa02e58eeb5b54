"""What can go wrong while writing: leftovers of killed writers, and a full disk.

Leftovers are temporary files and folders named after a process id whose
process is gone. A full build writes `.<warehouse>.<pid>.tmp` (and DuckDB its `.wal`) beside
the warehouse, a report stages its pages in `reports/html/.staging-<pid>/`;
each removes its own on the way out, but a `kill -9` leaves them. The next
writer removes those of dead processes only: a live process's files (another
build or report running now) are never touched.

A full disk shows up as an OSError (ENOSPC) or as a DuckDB error whose
message carries the system's "No space left on device" (an IOException
while writing, a FatalException at checkpoint that also ends the
transaction); `no_space` recognises all of them so the build can say which
file and what to do in one line.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
from pathlib import Path

from engine.core.errors import BalanceError

_NO_SPACE = ("No space left on device", "Disk quota exceeded")
_WRITING = re.compile(r'Could not write file "([^"]+)"')


class DiskFullError(BalanceError):
    """The disk filled up while the warehouse was written; the previous warehouse is unchanged."""


def pid_alive(pid: int) -> bool:
    """Whether a process with this id exists (one of another user's counts as alive)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_dead_leftovers(folder: Path, pattern: re.Pattern[str]) -> list[Path]:
    """Remove the entries of `folder` whose name matches `pattern` (group `pid`) and whose process is dead."""
    removed = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        match = pattern.fullmatch(path.name)
        if match is None or pid_alive(int(match.group("pid"))):
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def warehouse_temp_pattern(warehouse: Path) -> re.Pattern[str]:
    """`.<name>.<pid>.tmp` and its `.wal`, as a full build of `warehouse` names them."""
    return re.compile(re.escape(f".{warehouse.name}.") + r"(?P<pid>\d+)\.tmp(\.wal)?")


def no_space(exc: BaseException) -> bool:
    """Whether an error (OSError, DuckDB error, or one wrapping its message) is a full disk."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    return any(text in str(exc) for text in _NO_SPACE)


def disk_full(warehouse: Path, exc: BaseException) -> DiskFullError:
    """The one-line error of a build that ran out of disk space: the file it was writing and what to do."""
    writing = _WRITING.search(str(exc))
    where = writing.group(1) if writing else getattr(exc, "filename", None) or warehouse
    return DiskFullError(f"{warehouse}: the disk is full (no space left writing {where}); free space there or "
                         "pass --warehouse with a path on another disk, then build again; "
                         "the previous warehouse is unchanged")


def writable_temp(warehouse: Path) -> Path:
    """The temporary file a full build writes, after removing killed builds' and checking its folder can be
    written (the error names the path)."""
    tmp = warehouse.with_name(f".{warehouse.name}.{os.getpid()}.tmp")
    try:
        warehouse.parent.mkdir(parents=True, exist_ok=True)
        remove_dead_leftovers(warehouse.parent, warehouse_temp_pattern(warehouse))
        remove_with_wal(tmp)
        tmp.write_bytes(b"")
        tmp.unlink()
    except OSError as exc:
        raise BalanceError(f"{warehouse}: cannot write the warehouse here ({exc.strerror or exc}); "
                           "pass --warehouse with a writable path") from None
    return tmp


def remove_with_wal(path: Path) -> None:
    """A DuckDB file and its `.wal`, where they exist."""
    for candidate in (path, path.with_name(path.name + ".wal")):
        if candidate.exists():
            candidate.unlink()
