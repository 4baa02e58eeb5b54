"""simulate: run specs -> batches of games on workers -> the Parquet event lake (+ manifests).

Modules: `spec` (RunSpec, seating, per-game seeds, batches), `runner` (run a
spec on a process pool or Dask), `batch` (one batch in a worker), `lake`
(layout, atomic writes), `manifest`, `verify` (replay the lake), `catalogue`
(the event catalogue), `bench` (throughput figures).
"""
