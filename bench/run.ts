/**
 * `npm run bench`: every benchmark of issue 15, each a ratio against a baseline measured in the
 * same run, written to bench/REPORT.md. `--quick` (what CI runs) repeats less, uses a smaller
 * large realm and skips the peer, and writes bench/REPORT.quick.md: it proves the report can be
 * produced; its figures are indicative only.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { causeOf } from './causes';
import { type Figure, meetsTarget } from './figures';
import type { Plan } from './harness';
import { LARGE_REALM } from './large-realm';
import { renderReport } from './report';
import { bundleSizes } from './sections/bundle';
import { eventDelivery } from './sections/events';
import { realmStart } from './sections/realm-start';
import { scale } from './sections/scale';
import { sdkOverhead } from './sections/sdk-overhead';
import { semanticsCost } from './sections/semantics';
import { standaloneThroughput } from './sections/standalone';
import { standaloneLayers } from './sections/standalone-layers';
import { storeInternals } from './sections/store';

const quick = process.argv.includes('--quick');
// A quick run proves the report can be produced; it never replaces the full run's report.
const REPORT = fileURLToPath(new URL(quick ? './REPORT.quick.md' : './REPORT.md', import.meta.url));
const plan: Plan = quick ? { blocks: 3, perBlock: 20, warmup: 20 } : { blocks: 7, perBlock: 100, warmup: 100 };
const started = performance.now();
const figures: Figure[] = [];

const sections: [string, () => Promise<Figure[]>][] = [
  ['SDK overhead', () => sdkOverhead(plan)],
  ['cost of semantics', () => semanticsCost(plan)],
  ['scale', () => scale({ ...plan, perBlock: Math.max(10, plan.perBlock / 5) }, quick ? { ...LARGE_REALM, messages: 10_000 } : LARGE_REALM)],
  ['realm start', () => realmStart(plan, quick)],
  ['standalone server and peers', () => standaloneThroughput(quick)],
  ['standalone server layers', () => standaloneLayers(quick)],
  ['bundle', () => bundleSizes()],
  ['events', () => eventDelivery(quick)],
  ['store internals', () => storeInternals(plan)],
];
for (const [name, run] of sections) {
  process.stdout.write(`bench: ${name}...\n`);
  figures.push(...(await run()));
}

// A missed target carries what was found to cause it.
for (const [index, figure] of figures.entries()) {
  const cause = meetsTarget(figure) === false ? causeOf(figure.name) : undefined;
  if (cause) figures[index] = { ...figure, note: figure.note ? `${figure.note} Missed target: ${cause}` : `missed target: ${cause}` };
}
const order = (figure: Figure) => figure.section;
figures.sort((a, b) => order(a).localeCompare(order(b), 'en', { numeric: true }));
writeFileSync(REPORT, renderReport(figures, { date: new Date(), quick, durationSeconds: (performance.now() - started) / 1000 }));
const missed = figures.filter((figure) => meetsTarget(figure) === false).map((figure) => `  ${figure.section}: ${figure.name}`);
process.stdout.write(`bench: wrote ${REPORT}\n${missed.length > 0 ? `targets missed:\n${missed.join('\n')}\n` : 'every target met\n'}`);
