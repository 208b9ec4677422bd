/** The value at quantile `q` (0..1) of samples sorted ascending (the nearest rank at or above). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export type Stats = { p50: number; p95: number; p99: number; n: number };

/** p50, p95 and p99 of a set of timings, in any order. */
export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    n: sorted.length,
  };
}
