import { describe, expect, it } from 'vitest';
import { BUDGETS, BUNDLES, measureBundle } from '../bench/bundle-size';

describe('the SDK bundle (esbuild, browser, minified, gzipped)', () => {
  it.each(Object.keys(BUNDLES) as (keyof typeof BUNDLES)[])('%s stays inside its budget', async (name) => {
    const { gzipBytes } = await measureBundle(name, BUNDLES[name]);
    expect(gzipBytes).toBeLessThanOrEqual(BUDGETS[name]);
  });

  it("carries no zod locale and no mock code (the regression: `import { z } from 'zod'` took 105 kB)", async () => {
    const { code } = await measureBundle('whole SDK entry', BUNDLES['whole SDK entry']);
    // Words of zod's German and Spanish locales, which `import { z } from 'zod'` drags in.
    expect(code).not.toContain('Eingabe');
    expect(code).not.toContain('Entrada inv');
    expect(code).not.toMatch(/markdown-it|mswjs|setupServer/);
  });

  it('an app calling one operation with ApiClient ships that operation and no other', async () => {
    const name = 'an app sending one message with ApiClient';
    const { code } = await measureBundle(name, BUNDLES[name]);
    expect(code).toContain('send-message');
    // The ids of other operations and fields of schemas only they use.
    expect(code).not.toMatch(/get-message|get-messages|register-queue|is_mirror_dummy|subscriptions/);
  });
});
