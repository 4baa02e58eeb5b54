"""Example games behind a headline finding: two or three games that show it, each with the command that replays it.

One small query per finding, on the fact tables: simulated games of the baseline
rules and of the play the finding rests on (its `agent_mix`: greedy, search ...), picked to
illustrate it (seat 1 winning where its edge is widest, the hardest Caprice that was met at all,
the +30 Caprice met by the winner, a taker of the best tile winning, the
faster agent winning, the strongest god's holder winning), the clearest first
(biggest winning margin), ties broken by run and game id so the same
warehouse always gives the same examples. A what-if change is shown by pairs:
game k of the variant arm beside game k of its baseline (same seed and seating),
where the changed measure moved most in the direction of the change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import duckdb
import pandas as pd

EXAMPLES = 3


@dataclass(frozen=True)
class Example:
    """One game to look at: where it is and why it was chosen."""

    run_id: str
    game_id: int
    why: str
    baseline_run: str | None = None  # a what-if pair: the same game id of the baseline arm (same seed, seating)

    def command(self, lake: str) -> str:
        return f"balance show --lake {lake} --run {self.run_id} --game-id {self.game_id}"

    def commands(self, lake: str) -> tuple[str, ...]:
        """The command that replays it; for a what-if pair, the baseline game's first, then the variant's."""
        if self.baseline_run is None:
            return (self.command(lake),)
        return (Example(self.baseline_run, self.game_id, self.why).command(lake), self.command(lake))


def _pick(con: duckdb.DuckDBPyConnection, sql: str, params: list[object], why: str) -> tuple[Example, ...]:
    """Rows (run_id, game_id, detail) of `sql` as examples; `why` is formatted with the row's detail."""
    try:
        rows = con.execute(sql + f" limit {EXAMPLES}", params).fetchall()
    except (duckdb.CatalogException, duckdb.BinderException):  # the facts it needs are not in this warehouse
        return ()
    return tuple(Example(run_id, int(game_id), why.format(detail=detail).replace(" 1 points", " 1 point"))
                 for run_id, game_id, detail in rows)


# the player-games of the finding's play: simulated games of the study (no what-if arm, see in_study), and when the
# headline names one kind of play (`agent_mix`, e.g. greedy), that agent in a uniform line-up (two `?`: the play)
_PLAY = """
    t.source = 'simulated' and (cast(? as varchar) is null or (t.agent = ? and {uniform}))
    and exists (select 1 from fct_games g where g.run_id = t.run_id and g.game_id = t.game_id and g.in_study)
"""


def _play(uniform: str = "not t.is_mixed_lineup") -> str:
    return _PLAY.format(uniform=uniform)


def _margin(table: str) -> str:
    """A winner's lead over the runner-up in the same game."""
    return (f"(t.score - coalesce((select max(o.score) from {table} o where o.run_id = t.run_id "
            "and o.game_id = t.game_id and o.seat <> t.seat), t.score))")


def seat_one_wins(con: duckdb.DuckDBPyConnection, game: str, players: int, play: str | None) -> tuple[Example, ...]:
    """Games at that player count (uniform line-ups of `play`) that seat 1 won, by the widest margin."""
    sql = f"""
        select run_id, game_id, {_margin('fct_player_games')} as detail from fct_player_games t
        where game = ? and num_players = ? and seat = 0 and won and not is_mixed_lineup and {_play()}
        order by detail desc, run_id, game_id"""
    return _pick(con, sql, [game, players, play, play], "seat 1 wins by {detail:.0f} points")


def caprice_met(con: duckdb.DuckDBPyConnection, caprice_id: str, name: str, play: str | None) -> tuple[Example, ...]:
    """Games where the Caprice was met, the highest bonus first."""
    sql = f"""
        select run_id, game_id, points as detail from fct_caprices_caprices t
        where caprice_id = ? and met and {_play()}
        order by points desc, run_id, game_id, seat"""
    return _pick(con, sql, [caprice_id, play, play], f"{name} met (+{{detail:.0f}})")


def thirty_met_by_winner(con: duckdb.DuckDBPyConnection, slot: int, players: int,
                         play: str | None) -> tuple[Example, ...]:
    """Games at that player count where the winner met the Caprice in the +30 slot."""
    sql = f"""
        select t.run_id, t.game_id, p.score as detail
        from fct_caprices_caprices t join fct_caprices_player_games p using (run_id, game_id, seat)
        where t.slot = ? and t.met and t.won and t.num_players = ? and {_play()}
        order by p.score desc, t.run_id, t.game_id"""
    return _pick(con, sql, [slot, players, play, play], "the winner met the +30 Caprice and scored {detail:.0f}")


def tile_taker_wins(con: duckdb.DuckDBPyConnection, ruleset: str, tile: str, name: str,
                    play: str | None) -> tuple[Example, ...]:
    """Four Gardens games won by a player who took the tile."""
    sql = f"""
        select run_id, game_id, score as detail from fct_gardens_bonus_tiles t
        where ruleset = ? and tile = ? and took and won and {_play("true")}
        order by score desc, run_id, game_id"""
    return _pick(con, sql, [ruleset, tile, play, play], f"a taker of {name} wins with {{detail:.0f}} points")


def faster_wins(con: duckdb.DuckDBPyConnection, players: int) -> tuple[Example, ...]:
    """Greedy against greedy-fast games at that player count won by the faster agent, by the widest margin."""
    sql = f"""
        select run_id, game_id, {_margin('fct_gods_player_games')} as detail from fct_gods_player_games t
        where agent = 'greedy-fast' and won and num_players = ? and {_play()}
        order by detail desc, run_id, game_id"""
    return _pick(con, sql, [players, None, None], "the faster greedy agent wins by {detail:.0f} points")


def god_holder_wins(con: duckdb.DuckDBPyConnection, god: str, name: str, play: str | None) -> tuple[Example, ...]:
    """4 Gods games won by the holder of that god, by the widest margin."""
    sql = f"""
        select run_id, game_id, {_margin('fct_gods_player_games')} as detail from fct_gods_player_games t
        where god = ? and won and {_play()}
        order by detail desc, run_id, game_id"""
    return _pick(con, sql, [god, play, play], f"the {name} god's holder wins by {{detail:.0f}} points")


# the per-game values a what-if compares (warehouse/variant_models.py VALUE_TABLES), whichever this warehouse has
_VALUE_TABLES = ("fct_variant_game_values", "fct_variant_values_caprices", "fct_variant_values_gardens",
                 "fct_variant_values_gods")


def variant_pairs(con: duckdb.DuckDBPyConnection, change: Change, amount: Callable[[float], str],
                  why: str) -> tuple[Example, ...]:
    """Game k of the variant arm and game k of its baseline where the changed measure moved most in the
    direction of the change; `why` is formatted with the game id and the two values in their unit."""
    present = {r[0] for r in con.execute("select table_name from information_schema.tables").fetchall()}
    tables = [t for t in _VALUE_TABLES if t in present]
    if not tables or change.diff == 0:
        return ()
    values = " union all ".join(f"select run_id, game_id, num_players, metric, level_kind, level, value from {t}"
                                for t in tables)
    sql = f"""
        with v as ({values})
        select x.game_id, b.value, x.value from v x join v b
          on b.game_id = x.game_id and b.num_players = x.num_players and b.metric = x.metric
          and b.level_kind = x.level_kind and b.level = x.level
        where x.run_id = ? and b.run_id = ? and x.metric = ? and x.level_kind = ? and x.level = ?
          and (cast(? as integer) is null or x.num_players = ?) and sign(x.value - b.value) = sign(?)
        order by abs(x.value - b.value) desc, x.game_id limit {EXAMPLES}"""
    rows = con.execute(sql, [change.run_id, change.baseline_run, change.metric, change.level_kind, change.level,
                             change.players, change.players, change.diff]).fetchall()
    return tuple(Example(change.run_id, int(game_id), why.format(game=game_id, baseline=amount(base),
                                                                  variant=amount(value)), change.baseline_run)
                 for game_id, base, value in rows)


@dataclass(frozen=True)
class Change:
    """One flagged row of met_variant_diff, with the level as the per-game value tables spell it."""

    run_id: str  # the variant arm
    baseline_run: str
    metric: str
    level_kind: str
    level: str  # e.g. 'overall', 'seat 1', a Caprice id (not its display name, not per player count)
    players: int | None  # the player count the row is measured at; None = pooled over every count
    diff: float

    @classmethod
    def of(cls, row: Any, raw_level: str) -> Change:
        """From a met_variant_diff row whose `level` as stored is `raw_level` ('seat 1 of 4', 'X, 4 players')."""
        players = None if pd.isna(row.num_players) else int(row.num_players)  # null when pooled over the counts
        level = raw_level
        if players is not None:  # the per-player-count label back to the per-game level
            level = ("overall" if row.level_kind == "overall" else raw_level.split(" of ")[0]
                     if row.level_kind == "seat" else raw_level.rsplit(", ", 1)[0])
        return cls(row.run_id, row.baseline_run, row.metric, row.level_kind, level, players, float(row.diff))
