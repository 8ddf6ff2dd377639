import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MockServer } from '../index';

/**
 * Writes the realm to `path` atomically: a temporary file beside it, then a rename, so a crash
 * mid-write never leaves half a state file.
 */
export function saveStateFile(mock: MockServer, path: string): void {
  const temporary = join(dirname(path), `.${process.pid}.${Date.now()}.state.tmp`);
  writeFileSync(temporary, JSON.stringify(mock.snapshot()));
  renameSync(temporary, path);
}

/** Loads the realm from `path` if the file exists; answers whether it did. */
export function loadStateFile(mock: MockServer, path: string): boolean {
  if (!existsSync(path)) return false;
  mock.restore(JSON.parse(readFileSync(path, 'utf8')));
  return true;
}
