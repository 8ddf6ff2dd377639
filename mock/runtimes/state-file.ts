import { existsSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MockServer } from '../index';

/**
 * Writes the realm to `path` atomically: a temporary file beside it, then a rename, so a crash
 * mid-write never leaves half a state file.
 */
export function saveStateFile(mock: MockServer, path: string): void {
  const temporary = temporaryBeside(path);
  writeFileSync(temporary, JSON.stringify(mock.snapshot()));
  renameSync(temporary, path);
}

function temporaryBeside(path: string): string {
  return join(dirname(path), `.${process.pid}.${Date.now()}.state.tmp`);
}

/**
 * Why the state file could not be saved at `path`, checked at start rather than found when the
 * server stops (and the session is lost): its directory must exist and take a new file (a
 * temporary one is written and removed, as a save does), and `path` must not be a directory.
 * Undefined when it can.
 */
export function stateFileProblem(path: string): string | undefined {
  const directory = dirname(path);
  const where = statSync(directory, { throwIfNoEntry: false });
  if (!where) return `the directory ${directory} does not exist: create it, or choose a path in one that does (the state is saved there when the server stops)`;
  if (!where.isDirectory()) return `${directory} is not a directory`;
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) return `${path} is a directory: give a file path, such as ${join(path, 'realm.json')}`;
  const probe = temporaryBeside(path);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return `cannot write in ${directory}${typeof code === 'string' ? ` (${code})` : ''}: the state is saved there when the server stops; choose a writable directory`;
  }
  return undefined;
}

/** Loads the realm from `path` if the file exists; answers whether it did. */
export function loadStateFile(mock: MockServer, path: string): boolean {
  if (!existsSync(path)) return false;
  mock.restore(JSON.parse(readFileSync(path, 'utf8')));
  return true;
}
