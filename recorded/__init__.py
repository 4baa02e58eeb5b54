"""Recorded games: the JSON format, replay through the engine (ingest), export, and the table-side recorder."""
