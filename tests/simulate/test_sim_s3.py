"""A lake on object storage: Dask workers in other processes write one s3:// lake that verify,
`balance runs` and the warehouse (DuckDB through a registered fsspec filesystem) read.

The S3 server is moto's, started in this process on a loopback port; the
cluster is a multi-process Dask LocalCluster (2 workers), which reaches the
server through the same environment variables a real cluster would use.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from balance.cli import main
from lake.catalogue import catalogue
from lake.claim import RunConflict, claim_run, read_claim
from lake.spec import RunSpec
from lake.store import open_store
from lake.verify import verify
from simulate.runner import run
from warehouse.build import build

moto_server = pytest.importorskip("moto.server")
pytest.importorskip("s3fs")
distributed = pytest.importorskip("dask.distributed")

SPEC = RunSpec("caprices", "standard", (2, 3), ("random", "greedy"), games=20, seed=5, batch_size=10)


@pytest.fixture(scope="module")
def bucket() -> Iterator[str]:
    """A moto S3 server on 127.0.0.1 with bucket `balance`; the env points fsspec (here and in workers) at it."""
    import boto3
    import fsspec.config

    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    env = {"FSSPEC_S3_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test",
           "AWS_DEFAULT_REGION": "us-east-1"}
    saved = {key: os.environ.get(key) for key in env}
    os.environ.update(env)
    fsspec.config.conf.setdefault("s3", {})["endpoint_url"] = endpoint  # fsspec read the env at import
    boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1").create_bucket(Bucket="balance")
    try:
        yield "s3://balance"
    finally:
        fsspec.config.conf.get("s3", {}).pop("endpoint_url", None)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        server.stop()


@pytest.fixture(scope="module")
def s3_lake(bucket: str) -> str:
    """SPEC simulated by two Dask worker processes straight into s3://balance/study."""
    lake = f"{bucket}/study"
    options = {"n_workers": 2, "threads_per_worker": 1, "processes": True, "dashboard_address": None}
    with distributed.LocalCluster(**options) as cluster:
        manifest = run(SPEC, lake, progress=False, scheduler=cluster.scheduler_address)
    assert manifest.totals["games"] == SPEC.total_games
    return lake


@pytest.mark.xdist_group("s3")
def test_dask_workers_write_one_object_store_lake_with_the_same_events(s3_lake: str, tmp_path: Path) -> None:
    local = run(SPEC, tmp_path, workers=1, progress=False)
    store = open_store(s3_lake)
    cat = catalogue(s3_lake)
    assert [r.run_id for r in cat.complete_runs()] == [SPEC.run_id] and not cat.stray
    for entry in local.files:
        with store.open(entry["file"]) as handle:
            assert pq.read_table(handle).equals(pq.read_table(tmp_path / entry["file"]))


@pytest.mark.xdist_group("s3")
def test_verify_runs_and_the_warehouse_read_the_object_store_lake(
    s3_lake: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    report = verify(s3_lake, workers=2)
    assert report.ok and report.games == SPEC.total_games, report.problems
    assert main(["runs", "--lake", s3_lake]) == 0
    assert f"{SPEC.run_id}" in capsys.readouterr().out
    warehouse = tmp_path / "w.duckdb"
    assert build(s3_lake, warehouse).games == {"caprices": SPEC.total_games}
    with duckdb.connect(str(warehouse), read_only=True) as con:
        assert con.execute("select count(*) from fct_player_games").fetchone() == (20 * 2 + 20 * 3,)
        assert con.execute("select count(*) from met_agent_win_rate").fetchone()[0] > 0


@pytest.mark.xdist_group("s3")
def test_object_store_lake_rejects_strays_and_conflicting_claims(
    s3_lake: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    store = open_store(s3_lake)
    first = f"events/game=caprices/run={SPEC.run_id}/part-00000.parquet"
    stray = f"events/game=caprices/run={SPEC.run_id}/part-7.parquet"
    store.write_bytes(stray, store.read_bytes(first))
    try:
        assert main(["verify", "--lake", s3_lake]) == 2
        assert f"{stray} / game - / seq - / stray file" in capsys.readouterr().err
        assert build(s3_lake, tmp_path / "w.duckdb").games == {"caprices": SPEC.total_games}  # never read
    finally:
        store.remove(stray)
    other = RunSpec(**{**SPEC.__dict__, "seed": 6})
    with pytest.raises(RunConflict, match="seed: 5 there, 6 now"):
        run(other, s3_lake, workers=1, progress=False)
    assert verify(s3_lake, workers=1).ok


@pytest.mark.xdist_group("s3")
def test_runs_remove_honours_a_writers_lock_on_the_object_store(
    bucket: str, capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 27 item 2: while a writer holds the run's lock object, `runs remove` refuses and deletes nothing;
    once the writer is gone (or its lock cleared with `runs unlock`) the run is removed, manifest first."""
    lake = f"{bucket}/removing"
    spec = RunSpec("caprices", "standard", (2,), ("random",), games=4, seed=3, batch_size=2, run_id="busy")
    run(spec, lake, workers=1, progress=False)
    store = open_store(lake)
    before = store.find("")
    claimed = read_claim(store, "busy")
    assert claimed is not None
    writer = claim_run(store, "busy", claimed, resume=True)  # what a resumed writer holds while it writes
    try:
        capsys.readouterr()
        assert main(["runs", "remove", "busy", "--lake", lake]) == 1
        assert "is being written by pid" in capsys.readouterr().err
        assert store.find("") == sorted({*before, "runs/busy/lock"})  # nothing deleted, the lock still held
    finally:
        writer.release()
    assert main(["runs", "remove", "busy", "--lake", lake]) == 0
    assert store.find("") == []
