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
