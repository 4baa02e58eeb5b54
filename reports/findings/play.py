"""Which kind of play a headline rests on: the rows of one uniform line-up, and that play in words.

A headline never pools kinds of play (issue 24): `headline_play` keeps the strongest uniform line-up a table
holds, and the words say which one it was (random play as the reference it is).
"""

from __future__ import annotations

import duckdb
import pandas as pd

from reports.kit.notebook import play_lineups


def headline_play(frame: pd.DataFrame) -> pd.DataFrame:
    """Rows of the headline play: simulated games (recorded playtests are shown beside them on the game pages)
    of one kind of play per game, never pooled.

    Tables with line-ups (`agent_mix`): the strongest uniform line-up played, as on the detail pages (search
    (ismcts) self-play, else greedy self-play); mixed line-ups stay on the detail pages. Random play is a
    reference, not a headline: it is shown only where nothing else was played, and the card says so
    (`play_name`). Older tables without line-ups: strong play where the table names its agents.
    """
    if "source" in frame.columns:
        frame = frame[frame.source == "simulated"]
    if "agent_mix" in frame.columns:
        if "game" in frame.columns and frame.game.nunique() > 1:
            return pd.concat([one_play(rows) for _, rows in frame.groupby("game", sort=False)])
        return one_play(frame)
    for column in ("lineup", "agent", "agents"):
        if column in frame.columns:
            strong = frame[~frame[column].astype(str).str.contains("random")]
            return strong if len(strong) else frame
    return frame


def one_play(frame: pd.DataFrame) -> pd.DataFrame:
    lineups = play_lineups(frame)  # strongest uniform line-up first, as the detail pages read them
    return frame[frame.agent_mix == lineups[0]] if lineups else frame.iloc[0:0]


def play_words(con: duckdb.DuckDBPyConnection, rows: pd.DataFrame, game: str) -> str:
    """Which play a headline number rests on, in words ('greedy self-play')."""
    if "agent_mix" in rows.columns and len(rows):
        return play_name(rows.agent_mix.iloc[0])
    return uniform_play(con, game)


def uniform_play(con: duckdb.DuckDBPyConnection, game: str) -> str:
    """Which self-play a seat figure pools, in words (e.g. 'all-random and all-greedy games pooled')."""
    agents = [row[0] for row in con.execute(
        "select distinct agents[1] from fct_games where game = ? and not is_mixed_lineup and source = 'simulated' "
        "and in_study order by 1", [game]
    ).fetchall()]
    kinds = " and ".join(f"all-{a}" for a in agents)
    return f"{kinds} games pooled" if len(agents) > 1 else f"{kinds} games"


def mix_of(rows: pd.DataFrame) -> str | None:
    """The one kind of play (uniform line-up) a headline's rows rest on, for its example games; None when the
    table does not say."""
    if "agent_mix" not in rows.columns or rows.empty:
        return None
    return str(rows.agent_mix.iloc[0])


def play_prefix(rows: pd.DataFrame) -> str:
    """'Under greedy self-play: ' when the table has line-ups (older tables pool and say so elsewhere)."""
    if "agent_mix" not in rows.columns or rows.empty:
        return ""
    return f"Under {play_name(rows.agent_mix.iloc[0])}: "


def play_name(mix: str) -> str:
    """A line-up in words; random play is labelled as the reference it is."""
    if mix == "random":
        return "random self-play only — a reference, not how people play; no greedy or search games here"
    return f"{mix} self-play"
