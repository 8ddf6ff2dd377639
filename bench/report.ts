import { cpus, totalmem } from 'node:os';
import { type Figure, meetsTarget } from './figures';
import type { Summary } from './stats';

/** The machine and run a report describes. */
export interface RunInfo {
  readonly date: Date;
  readonly quick: boolean;
  readonly durationSeconds: number;
}

function number(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return value.toFixed(digits);
}

function spread(summary: Summary): string {
  if (summary.count <= 1) return '';
  return summary.count >= 10 ? ` (p10-p90 ${number(summary.p10)}-${number(summary.p90)})` : ` (${number(summary.min)}-${number(summary.max)})`;
}

function cell(summary: Summary | undefined, unit: string): string {
  if (!summary) return '';
  if (Number.isNaN(summary.median)) return 'not measured';
  return `${number(summary.median)} ${unit}${spread(summary)}`;
}

function targetText(figure: Figure): string {
  const { target } = figure;
  if (!target) return '';
  const met = meetsTarget(figure) ? 'met' : '**missed**';
  const what = target.of === 'ratio' ? 'ratio' : figure.unit;
  return `${target.op} ${number(target.value)} ${what}: ${met}`;
}

function row(figure: Figure): string {
  const baseline = figure.baseline ? `${figure.baseline.name}: ${cell(figure.baseline.value, figure.unit)}` : '';
  const ratio = figure.ratio ? `${number(figure.ratio.median)}x${spread(figure.ratio)}` : '';
  return `| ${figure.name} | ${cell(figure.value, figure.unit)} | ${baseline} | ${ratio} | ${targetText(figure)} |`;
}

/** The machine: CPU model, cores, memory, Node version and platform. */
function machine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  return `${model}, ${cores.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version} (${process.platform}-${process.arch})`;
}

/** The Markdown report: machine, date, one table per section, each note under its table. */
export function renderReport(figures: readonly Figure[], run: RunInfo): string {
  const lines = [
    '# Benchmark report',
    '',
    'Written by `npm run bench`; do not edit by hand. Each ratio is the variant over a baseline',
    'measured in the same run, call by call interleaved and repeated in blocks; its spread is over',
    'the blocks. Absolute times are for orientation only.',
    '',
    `- Machine: ${machine()}`,
    `- Date: ${run.date.toISOString()}`,
    `- Mode: ${run.quick ? 'quick (`--quick`: fewer repetitions and a smaller large realm; figures are indicative only)' : 'full'}`,
    `- Duration: ${run.durationSeconds.toFixed(0)} s`,
  ];
  const sections = [...new Set(figures.map((figure) => figure.section))];
  for (const section of sections) {
    const inSection = figures.filter((figure) => figure.section === section);
    lines.push('', `## ${section}`, '', '| what | median (spread) | baseline | ratio | target |', '| --- | --- | --- | --- | --- |');
    lines.push(...inSection.map(row));
    const notes = inSection.filter((figure) => figure.note);
    if (notes.length > 0) lines.push('', ...notes.map((figure) => `- ${figure.name}: ${figure.note}`));
  }
  return `${lines.join('\n')}\n`;
}
