-- Interval macros used by every metric model (95% level, z = 1.96).
-- Wilson score interval for a rate of k successes in n trials; k may be a
-- fractional count (summed win shares), which the formula accepts as is.
-- Clamped to [0, 1]: at k = 0 or k = n rounding can stray a hair outside.
create or replace macro wilson_lo(k, n) as
    case when n > 0 then greatest(0.0,
        ((cast(k as double) / n) + 1.9208 / n
         - 1.96 * sqrt((cast(k as double) / n) * (1 - cast(k as double) / n) / n + 0.9604 / (n * n)))
        / (1 + 3.8416 / n))
    end;

create or replace macro wilson_hi(k, n) as
    case when n > 0 then least(1.0,
        ((cast(k as double) / n) + 1.9208 / n
         + 1.96 * sqrt((cast(k as double) / n) * (1 - cast(k as double) / n) / n + 0.9604 / (n * n)))
        / (1 + 3.8416 / n))
    end;

-- Normal-approximation interval for a mean: mean +- 1.96 sd / sqrt(n).
-- Adequate for n >= 30 (every study cell is far larger); null below n = 2.
create or replace macro mean_lo(mean, sd, n) as
    case when n > 1 then mean - 1.96 * coalesce(sd, 0) / sqrt(n) end;

create or replace macro mean_hi(mean, sd, n) as
    case when n > 1 then mean + 1.96 * coalesce(sd, 0) / sqrt(n) end;

-- A difference is beyond noise when the reference lies outside the interval.
create or replace macro outside(reference, lo, hi) as
    coalesce(reference < lo or reference > hi, false);

-- The win-rate block of every metric that compares a win rate with a
-- reference, expanded in place with unnest(...): win_rate, win_lo, win_hi
-- (Wilson), reference, reference_label and flagged (the interval excludes it).
create or replace macro win_rate_vs(wins, n, reference, reference_label) as {
    'win_rate': wins / n,
    'win_lo': wilson_lo(wins, n),
    'win_hi': wilson_hi(wins, n),
    'reference': reference,
    'reference_label': reference_label,
    'flagged': outside(reference, wilson_lo(wins, n), wilson_hi(wins, n))
};

-- The same against the fair share 1/P (seats, agents, gods).
create or replace macro win_rate_vs_fair_share(wins, n, fair_share) as
    win_rate_vs(wins, n, fair_share, 'fair share 1/P');

-- The lake's event files matching `files` (a glob), every file's columns
-- unioned by name, with the envelope every event carries cast to its
-- warehouse type; the staging models cast the rest.
-- Since lake schema 4 every row holds its whole envelope. Older files left part
-- of it null (Four Gardens schema 3: seq, round, turn and player, given in a
-- per-game `shape`; 4 Gods schemas 2-3: clock_ms): the build upcasts those
-- once per file row into `lake_old_envelopes` (warehouse/old_envelopes.py,
-- with the code replay uses) and they are joined back here. Row groups with no
-- null seq or clock_ms skip that branch on their statistics.
-- A row with no upcast envelope (a damaged file) keeps it null rather than
-- being dropped, so the invariant tests see it.
create or replace macro lake_events(files) as table
    with stored as not materialized (
        select * from read_parquet(
            files,
            union_by_name = true,
            hive_partitioning = true,
            hive_types = {'game': varchar, 'run': varchar},
            file_row_number = true
        )
    ),

    upcast as (
        select * from stored where seq is not null and clock_ms is not null
        union all by name
        select stored.* replace (
            coalesce(stored.seq, old.seq) as seq, coalesce(stored.round, old.round) as round,
            coalesce(stored.turn, old.turn) as turn,
            case when stored.seq is null then old.player else stored.player end as player,
            coalesce(stored.clock_ms, old.clock_ms) as clock_ms
        )
        from stored
        left join lake_old_envelopes as old using (run_id, game_id, file_row_number)
        where stored.seq is null or stored.clock_ms is null
    )

    select * exclude (file_row_number) replace (
        cast(run_id as varchar) as run_id,
        cast(game_id as bigint) as game_id,
        cast(seq as integer) as seq,
        cast(event_type as varchar) as event_type,
        cast(player as integer) as player,
        cast(round as integer) as round
    )
    from upcast;

-- A side table of the lake (tile values, ...): every matching file's columns unioned by name.
create or replace macro lake_rows(files) as table
    select * from read_parquet(files, union_by_name = true, hive_partitioning = false);
