/** Bundle size: the SDK entry and lean apps, against the budgets and issue 6's targets. */
import { BUDGETS, BUNDLES, measureBundle } from '../bundle-size';
import { type Figure, single } from '../figures';

/** Issue 6's targets: 30 kB for the whole entry, 15 kB for an app importing only what sending needs. */
const TARGETS: Partial<Record<keyof typeof BUNDLES, number>> = {
  'whole SDK entry': 30,
  'an app sending one message with ApiClient': 15,
};

/**
 * One figure per bundle of bench/bundle-size.ts, so that the report shows the budget the test
 * enforces and, for the two bundles issue 6 set targets for, whether they are met; each figure
 * names its five largest contributors, the first place to look when a size grows.
 */
export async function bundleSizes(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const name of Object.keys(BUNDLES) as (keyof typeof BUNDLES)[]) {
    const { gzipBytes, contributors } = await measureBundle(name, BUNDLES[name]);
    const largest = contributors
      .slice(0, 5)
      .map(({ owner, minifiedBytes }) => `${owner} ${(minifiedBytes / 1000).toFixed(1)} kB`)
      .join(', ');
    const target = TARGETS[name];
    figures.push({
      section: '6. Bundle (esbuild, browser, minified + gzip)',
      name,
      unit: 'kB',
      value: single(gzipBytes / 1000),
      baseline: { name: 'the budget test/bundle-size.test.ts holds', value: single(BUDGETS[name] / 1000) },
      ...(target === undefined ? {} : { target: { op: '<=', value: target, of: 'value' } }),
      note: `largest contributors, minified before gzip: ${largest}.`,
    });
  }
  return figures;
}
