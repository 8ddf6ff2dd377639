import { vi } from 'vitest';

/**
 * Imports a module written from an example, with the console silenced while it runs; rejects with
 * what it throws, or when it is still running after `ms` (it waits for something that never comes).
 */
export function runQuietly(file: string, ms: number): Promise<unknown> {
  const quiet = (['log', 'error', 'warn', 'info'] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => undefined));
  return Promise.race([
    import(/* @vite-ignore */ file),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms).unref()),
  ]).finally(() => {
    for (const spy of quiet) spy.mockRestore();
  });
}
