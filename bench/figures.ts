import type { Summary } from './stats';

/** What a figure is held to: `value` compared with `op`; `ratio` targets compare the ratio. */
interface Target {
  readonly op: '<=' | '>=';
  readonly value: number;
  readonly of: 'ratio' | 'value';
}

/** One line of the report. */
export interface Figure {
  readonly section: string;
  /** What was measured, e.g. `messages.get through setupServer`. */
  readonly name: string;
  /** The unit of `value` and `baseline`: `ms`, `s`, `MB`, `kB`, `req/s`. */
  readonly unit: string;
  readonly value: Summary;
  readonly baseline?: { readonly name: string; readonly value: Summary };
  readonly ratio?: Summary;
  readonly target?: Target;
  /** The cause of a missed target, or what the figure means. */
  readonly note?: string;
}

/** One number as a summary without spread (a size, a one-off build time). */
export function single(value: number): Summary {
  return { median: value, p10: value, p90: value, min: value, max: value, count: 1 };
}

/** Whether a figure meets its target; undefined without one. */
export function meetsTarget(figure: Figure): boolean | undefined {
  const { target } = figure;
  if (!target) return undefined;
  const measured = target.of === 'ratio' ? figure.ratio?.median : figure.value.median;
  if (measured === undefined || Number.isNaN(measured)) return false;
  return target.op === '<=' ? measured <= target.value : measured >= target.value;
}
