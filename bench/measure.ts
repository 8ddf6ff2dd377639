/** Median nanoseconds per call of `fn`, over `rounds` rounds of `iterations` calls. */
export function measure(fn: () => unknown, iterations: number, rounds = 7): number {
  for (let index = 0; index < iterations; index++) fn();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let index = 0; index < iterations; index++) fn();
    samples.push(((performance.now() - start) * 1e6) / iterations);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}
