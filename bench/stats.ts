/** The middle and the spread of a set of samples. */
export interface Summary {
  readonly median: number;
  readonly p10: number;
  readonly p90: number;
  readonly min: number;
  readonly max: number;
  readonly count: number;
}

/** Median, 10th and 90th percentile, min and max (nearest rank). */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * fraction + 0.5))] ?? Number.NaN;
  return {
    median: at(0.5),
    p10: at(0.1),
    p90: at(0.9),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    count: sorted.length,
  };
}
