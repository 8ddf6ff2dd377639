import { type Summary, summarize } from './stats';

/** How much to measure: `blocks` repetitions of `perBlock` interleaved pairs, after `warmup` pairs. */
export interface Plan {
  readonly blocks: number;
  readonly perBlock: number;
  readonly warmup: number;
}

/** A variant timed against its baseline in the same run. */
export interface Comparison {
  /** Milliseconds per call of the variant, over every call. */
  readonly variant: Summary;
  /** Milliseconds per call of the baseline, over every call. */
  readonly baseline: Summary;
  /** Variant / baseline, one ratio of medians per block: its median and spread. */
  readonly ratio: Summary;
}

async function timed(call: () => unknown): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

function median(samples: readonly number[]): number {
  return summarize(samples).median;
}

/**
 * Times `variant` and `baseline` call by call, alternating which goes first, in blocks, so that
 * machine noise (another process, a garbage collection, a CPU frequency change) hits both alike.
 */
export async function interleave(variant: () => unknown, baseline: () => unknown, plan: Plan): Promise<Comparison> {
  for (let index = 0; index < plan.warmup; index++) {
    await variant();
    await baseline();
  }
  const variantAll: number[] = [];
  const baselineAll: number[] = [];
  const ratios: number[] = [];
  for (let block = 0; block < plan.blocks; block++) {
    const variantBlock: number[] = [];
    const baselineBlock: number[] = [];
    for (let index = 0; index < plan.perBlock; index++) {
      if (index % 2 === 0) {
        variantBlock.push(await timed(variant));
        baselineBlock.push(await timed(baseline));
      } else {
        baselineBlock.push(await timed(baseline));
        variantBlock.push(await timed(variant));
      }
    }
    variantAll.push(...variantBlock);
    baselineAll.push(...baselineBlock);
    ratios.push(median(variantBlock) / median(baselineBlock));
  }
  return { variant: summarize(variantAll), baseline: summarize(baselineAll), ratio: summarize(ratios) };
}
