"""lake: the Parquet event lake every layer above the engine reads and writes.

Modules: `layout` (folders and file names), `store` (local or object-store files, atomic writes),
`parquet_format` (column encodings), `spec` (the run spec a run's record holds), `claim` (who writes a run),
`manifest` (the sealed record of a complete run), `catalogue` (what belongs to the lake), `runs` (listing and
removing runs), `verify` (+ `filecheck`, `filerows`, `gamecheck`: replay every game of the lake),
`event_catalogue` (the event catalogue of docs/events.md).
"""
