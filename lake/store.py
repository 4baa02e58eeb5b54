"""Where the lake's bytes live: a local folder or an object store, behind one small interface.

Every reader and writer of the lake goes through a `Store`, addressed by keys
relative to the lake root (`events/game=caprices/run=r1/part-00000.parquet`).

- `LocalStore` (a folder): a file counts only once it is complete and on
  disk. It is written under a hidden temporary name in its final folder,
  fsynced, renamed with `os.replace` and the folder fsynced, so neither a
  killed process nor a power cut leaves half a file where a reader looks.
  Exclusive creation uses `os.link`, which fails when the name exists.
- `FsspecStore` (`s3://bucket/lake`, or any fsspec URL): an object appears
  whole or not at all, so a plain PUT is atomic; exclusive creation uses a
  conditional PUT (`If-None-Match: *`) where the store supports it.

Object-store options (endpoint, credentials) come from fsspec's usual
configuration, e.g. `FSSPEC_S3_ENDPOINT_URL` and `AWS_ACCESS_KEY_ID`, so Dask
workers on other machines open the same lake from its URL alone.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pyarrow as pa

from engine.core.errors import BalanceError
from lake.parquet_format import write_table

TEMP_PREFIX = ".tmp-"
MIN_ROW_GROUP = 100_000
MAX_ROW_GROUP = 1_000_000


class StoreError(BalanceError):
    """The lake location cannot be used (a file, not writable, unknown scheme): names it and the fix."""


@dataclass(frozen=True)
class WrittenFile:
    """What a writer knows about a file it has just made durable."""

    key: str
    rows: int
    bytes: int
    sha256: str


def is_url(location: str | Path) -> bool:
    """True for `scheme://...` locations other than plain local files."""
    text = str(location)
    return "://" in text and not text.startswith("file://")


def open_store(location: str | Path | Store, durable: bool = True) -> Store:
    """The store for a lake location: a local folder path or an fsspec URL such as `s3://bucket/lake`."""
    if isinstance(location, Store):
        return location
    if is_url(location):
        return FsspecStore(str(location))
    text = str(location).removeprefix("file://")
    return LocalStore(Path(text), durable=durable)


class Store:
    """The operations the lake needs; keys are '/'-separated paths relative to the lake root."""

    url: str

    def uri(self, key: str) -> str:
        """The name a reader (pyarrow, DuckDB) opens for `key`."""
        raise NotImplementedError

    def exists(self, key: str) -> bool:
        raise NotImplementedError

    def find(self, prefix: str = "") -> list[str]:
        """Every file key at or below `prefix`, sorted (temporary files included)."""
        raise NotImplementedError

    def read_bytes(self, key: str) -> bytes:
        raise NotImplementedError

    def open(self, key: str) -> IO[bytes]:
        raise NotImplementedError

    def write_bytes(self, key: str, data: bytes) -> None:
        """Write `key` so that it is either absent or complete (and durable) at every moment."""
        raise NotImplementedError

    def create_exclusive(self, key: str, data: bytes) -> bool:
        """Create `key` with `data` unless it exists; False when it already existed."""
        raise NotImplementedError

    def remove(self, key: str) -> None:
        raise NotImplementedError

    def check_usable(self, write: bool) -> None:
        """Raise StoreError naming the location when it cannot be read (or written)."""
        raise NotImplementedError

    def duckdb_filesystem(self) -> Any | None:
        """An fsspec filesystem to register with DuckDB, or None when DuckDB reads the paths natively."""
        return None

    def local_path(self) -> Path | None:
        """The lake's folder when it is local."""
        return None

    def write_parquet(self, key: str, table: pa.Table) -> WrittenFile:
        """A Parquet file (encodings: `lake.parquet_format`), written atomically and durably; returns
        its checksum."""
        sink = pa.BufferOutputStream()
        row_group = min(max(table.num_rows, MIN_ROW_GROUP), MAX_ROW_GROUP)
        write_table(table, sink, row_group)
        data = sink.getvalue().to_pybytes()
        self.write_bytes(key, data)
        return WrittenFile(key, table.num_rows, len(data), hashlib.sha256(data).hexdigest())

    def sha256(self, key: str) -> str:
        digest = hashlib.sha256()
        with self.open(key) as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()

    def __reduce__(self) -> tuple[Any, ...]:
        return (open_store, (self.url,))


class LocalStore(Store):
    """A lake in a local folder, written with fsync + rename + folder fsync."""

    def __init__(self, root: Path, durable: bool = True) -> None:
        self.root = Path(root)
        self.url = str(root)
        self.durable = durable

    def __reduce__(self) -> tuple[Any, ...]:
        return (LocalStore, (self.root.absolute(), self.durable))  # workers may run in another folder

    def _path(self, key: str) -> Path:
        return self.root / key if key else self.root

    def uri(self, key: str) -> str:
        return self._path(key).absolute().as_posix()

    def local_path(self) -> Path | None:
        return self.root

    def exists(self, key: str) -> bool:
        return self._path(key).exists()

    def find(self, prefix: str = "") -> list[str]:
        base = self._path(prefix)
        if base.is_file():
            return [prefix]
        if not base.is_dir():
            return []
        found = []
        for folder, _dirs, files in os.walk(base):
            rel = Path(folder).relative_to(self.root).as_posix()
            found += [name if rel == "." else f"{rel}/{name}" for name in files]
        return sorted(found)

    def read_bytes(self, key: str) -> bytes:
        return self._path(key).read_bytes()

    def open(self, key: str) -> IO[bytes]:
        return self._path(key).open("rb")

    def write_bytes(self, key: str, data: bytes) -> None:
        path = self._path(key)
        self._make_parents(path)
        temp = path.with_name(f"{TEMP_PREFIX}{os.getpid()}-{path.name}")
        try:
            self._write_new(temp, data)
            os.replace(temp, path)
            self._sync_folder(path.parent)
        finally:
            temp.unlink(missing_ok=True)

    def create_exclusive(self, key: str, data: bytes) -> bool:
        path = self._path(key)
        self._make_parents(path)
        temp = path.with_name(f"{TEMP_PREFIX}{os.getpid()}-{path.name}")
        try:
            self._write_new(temp, data)
            try:
                os.link(temp, path)  # fails if the name exists: complete content, claimed atomically
            except FileExistsError:
                return False
            self._sync_folder(path.parent)
            return True
        finally:
            temp.unlink(missing_ok=True)

    def remove(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    def check_usable(self, write: bool) -> None:
        root = self.root
        if root.exists() and not root.is_dir():
            raise StoreError(f"{root}: is a file, not a lake folder; pass --lake with a folder path")
        if not write:
            return
        existing = next((p for p in (root, *root.parents) if p.exists()), None)
        if existing is not None and not existing.is_dir():
            raise StoreError(f"{root}: {existing} is a file, so the lake folder cannot be made; choose another --lake")
        try:
            root.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=root):  # O_TMPFILE: no name, so a kill here leaves nothing behind
                pass
        except OSError as exc:
            raise StoreError(f"{root}: cannot write to the lake folder ({exc.strerror}); "
                             "check its permissions or choose another --lake") from None

    def _write_new(self, temp: Path, data: bytes) -> None:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if self.durable:
                os.fsync(fd)
        finally:
            os.close(fd)

    def _make_parents(self, path: Path) -> None:
        missing = []
        folder = path.parent
        while not folder.exists():
            missing.append(folder)
            folder = folder.parent
        path.parent.mkdir(parents=True, exist_ok=True)
        for made in reversed(missing):  # a new folder's entry lives in its parent: sync the parent
            self._sync_folder(made.parent)

    def _sync_folder(self, folder: Path) -> None:
        if not self.durable:
            return
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class FsspecStore(Store):
    """A lake on an object store (or any fsspec filesystem) addressed by URL."""

    def __init__(self, url: str) -> None:
        import fsspec

        self.url = url.rstrip("/")
        try:
            self.fs, root = fsspec.core.url_to_fs(self.url)
        except (ImportError, ValueError) as exc:
            raise StoreError(f"{url}: cannot open this lake location ({exc}); for s3:// install s3fs "
                             "(pip install 'boardgame-balance[s3]')") from None
        self.root = root.rstrip("/")
        self.protocol = self.url.split("://", 1)[0]

    def _path(self, key: str) -> str:
        return posixpath.join(self.root, key) if key else self.root

    def uri(self, key: str) -> str:
        return f"{self.protocol}://{self._path(key)}"

    def duckdb_filesystem(self) -> Any | None:
        return self.fs

    def exists(self, key: str) -> bool:
        return bool(self.fs.exists(self._path(key)))

    def find(self, prefix: str = "") -> list[str]:
        self.fs.invalidate_cache()
        base = self._path(prefix)
        start = len(self.root) + 1
        return sorted(path[start:] for path in self.fs.find(base))

    def read_bytes(self, key: str) -> bytes:
        return bytes(self.fs.cat_file(self._path(key)))

    def open(self, key: str) -> IO[bytes]:
        return self.fs.open(self._path(key), "rb")  # type: ignore[no-any-return]

    def write_bytes(self, key: str, data: bytes) -> None:
        self.fs.pipe_file(self._path(key), data)

    def create_exclusive(self, key: str, data: bytes) -> bool:
        path = self._path(key)
        if self.protocol in ("s3", "s3a"):
            try:
                self.fs.pipe_file(path, data, IfNoneMatch="*")  # conditional PUT: atomic on S3
            except FileExistsError:
                return False
            return True
        if self.fs.exists(path):  # other filesystems: best effort (documented in docs/scaling.md)
            return False
        self.fs.pipe_file(path, data)
        return True

    def remove(self, key: str) -> None:
        path = self._path(key)
        if self.fs.exists(path):
            self.fs.rm_file(path)

    def check_usable(self, write: bool) -> None:
        try:
            self.fs.ls(self.root.split("/", 1)[0] if "/" not in self.root else self.root)
        except FileNotFoundError:
            if not write:
                raise StoreError(f"{self.url}: no such lake") from None
        except Exception as exc:  # noqa: BLE001 - network and credential errors take many types
            raise StoreError(f"{self.url}: cannot reach the lake ({type(exc).__name__}: {exc})") from None
