-- invariant: seq is unique and gapless from 0 within each game
-- With n events, min 0 and max n-1, the seqs are exactly 0..n-1 unless some are
-- repeated while others are missing; matching the sum and the sum of squares of
-- 0..n-1 as well rules that out for any single repeat/gap pair (and makes any
-- realistic corruption fail) at a tenth of the cost of count(distinct seq).
-- depends: stg_events
select
    game, run_id, game_id,
    count(*) as n_events,
    min(seq) as first_seq,
    max(seq) as last_seq
from stg_events
group by game, run_id, game_id
having min(seq) <> 0
    or max(seq) <> count(*) - 1
    or sum(seq::hugeint) <> count(*)::hugeint * (count(*) - 1) / 2
    or sum(seq::hugeint * seq) <> count(*)::hugeint * (count(*) - 1) * (2 * count(*) - 1) / 6
