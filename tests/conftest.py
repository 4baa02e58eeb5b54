"""Every test runs offline: a connection outside loopback fails as it does on a machine without a network.

The guard raises an `OSError` (ENETUNREACH), not a test-framework error, so libraries that probe the
network and fall back when it is unreachable (Dask's `get_ip`) behave as they would offline. Unix
sockets and loopback (moto's S3 server, Dask's scheduler, Jupyter kernels) are allowed. Subprocesses
(Dask worker processes, the `balance` command in a fresh venv) are not guarded.

What agents learn for a ruleset (the Caprices `distilled` weights of a what-if) is kept in a folder of this
session, never in the user's ~/.cache/balance.
"""

from __future__ import annotations

import errno
import ipaddress
import os
import socket
import tempfile
from typing import Any

if "BALANCE_CACHE_DIR" not in os.environ:
    os.environ["BALANCE_CACHE_DIR"] = tempfile.mkdtemp(prefix="balance-cache-")

_CONNECT = socket.socket.connect
_CONNECT_EX = socket.socket.connect_ex


def _outside_loopback(sock: socket.socket, address: Any) -> str | None:
    """The host `sock` would reach outside loopback, or None when the connection stays on this machine."""
    if sock.family not in (socket.AF_INET, socket.AF_INET6):
        return None  # Unix sockets
    host = str(address[0])
    if host == "localhost":
        return None
    try:
        return None if ipaddress.ip_address(host.split("%")[0]).is_loopback else host
    except ValueError:
        return host  # any other name


def _connect(sock: socket.socket, address: Any) -> None:
    host = _outside_loopback(sock, address)
    if host is not None:
        raise OSError(errno.ENETUNREACH, f"the tests run offline: no connection to {host} (loopback only)")
    _CONNECT(sock, address)


def _connect_ex(sock: socket.socket, address: Any) -> int:
    return errno.ENETUNREACH if _outside_loopback(sock, address) is not None else _CONNECT_EX(sock, address)


socket.socket.connect = _connect  # type: ignore[method-assign]
socket.socket.connect_ex = _connect_ex  # type: ignore[method-assign]
