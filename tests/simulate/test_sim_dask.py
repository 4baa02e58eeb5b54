"""The same spec on a Dask LocalCluster yields the same events as the process pool."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest

from lake import layout as lake_files
from simulate.runner import run
from tests.simulate.conftest import small_spec
from tests.toygame import GAME

distributed = pytest.importorskip("dask.distributed")


@pytest.mark.xdist_group("subprocess")
def test_dask_cluster_writes_the_same_events_as_the_process_pool(tmp_path: Path) -> None:
    spec = small_spec()
    cluster_options = {"n_workers": 1, "threads_per_worker": 2, "processes": False, "dashboard_address": None}
    with distributed.LocalCluster(**cluster_options) as cluster:
        on_dask = run(spec, tmp_path / "dask", progress=False, scheduler=cluster.scheduler_address, game=GAME)
    on_pool = run(spec, tmp_path / "pool", workers=2, progress=False, game=GAME)
    assert on_dask.files == on_pool.files and on_dask.totals == on_pool.totals
    for entry in on_pool.files:
        assert pq.read_table(tmp_path / "dask" / entry["file"]).equals(pq.read_table(tmp_path / "pool" / entry["file"]))
    folder = lake_files.run_dir(tmp_path / "dask", "toy", spec.run_id)
    assert sorted(p.name for p in folder.iterdir()) == [lake_files.part_name(b.index) for b in spec.batches()]
