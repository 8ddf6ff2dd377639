/** Server processes a benchmark starts, waits for and stops. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root, where processes run. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The built `teamchat-mock` bin (present after `npm run build`). */
export const BUILT_CLI = `${ROOT}dist/mock/cli.js`;

/** A started server process. */
export interface Started {
  readonly url: string;
  readonly child: ChildProcess;
  /** What it wrote to stdout until it was ready. */
  readonly output: string;
  /** What it wrote to stderr until it was ready, when asked for. */
  readonly errors: string;
}

/** What {@link startProcess} waits for. */
export interface Readiness {
  /** In stdout; its first group is the server's URL. @default an `http://127.0.0.1:port` */
  readonly ready?: RegExp;
  /** Also in stderr (for a process started with `--inspect`). */
  readonly readyErrors?: RegExp;
  /** Milliseconds to wait; a process not ready by then is stopped. @default 120_000 */
  readonly within?: number;
}

/** Kills a process and everything it started (its process group). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * The processes started and not yet exited. They run in process groups of their own, which a
 * Ctrl-C in the terminal does not reach: they are stopped when the benchmark ends, however it ends.
 */
const running = new Set<ChildProcess>();

function stopAll(): void {
  for (const child of running) killGroup(child);
}

function stopAllThenDie(signal: NodeJS.Signals): void {
  stopAll();
  // The listener is gone (`once`): the signal now does what it would have done.
  process.kill(process.pid, signal);
}

let watchingExit = false;

function track(child: ChildProcess): void {
  if (!watchingExit) {
    watchingExit = true;
    process.on('exit', stopAll);
    process.once('SIGINT', stopAllThenDie);
    process.once('SIGTERM', stopAllThenDie);
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** Stops a started server and everything it started. */
export function stop(started: Started | undefined): void {
  if (started) killGroup(started.child);
}

/** Starts a server process and waits until its output shows it is ready (capturing the URL). */
export async function startProcess(
  args: readonly string[],
  command = process.execPath,
  { ready = /(http:\/\/127\.0\.0\.1:\d+)\s/, readyErrors, within = 120_000 }: Readiness = {},
): Promise<Started> {
  // Its own process group, so that stopping it also stops what it started (`npm exec` runs Prism
  // as a child of its own; killing npm alone left Prism holding the pipe and the run never ended).
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', readyErrors ? 'pipe' : 'ignore'], detached: true });
  track(child);
  let output = '';
  let errors = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(child);
      reject(new Error(`not ready within ${within} ms; it wrote: ${output}${errors}`));
    }, within);
    const check = () => {
      const found = ready.exec(output)?.[1];
      if (found && (!readyErrors || readyErrors.test(errors))) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      check();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
      check();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}`));
    });
  });
  return { url, child, output, errors };
}

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The mock is ready when it has printed its URL and the key of the user the benchmark sends as. */
export const MOCK_READY = /listening on (http:\/\/127\.0\.0\.1:\d+)[^]*iago@zulip\.com\s+[0-9a-zA-Z]{32}/;

/** The standalone mock's command: the built bin when dist/ has one, else the sources through tsx. */
export function mockCommand(): string[] {
  return existsSync(BUILT_CLI) ? [BUILT_CLI] : ['--import', 'tsx', `${ROOT}mock/runtimes/cli.ts`];
}

/** The headers that authenticate as the benchmark's user on a started mock. */
export function benchHeaders(mock: Started): Record<string, string> {
  const key = /iago@zulip\.com\s+([0-9a-zA-Z]{32})/.exec(mock.output)?.[1] ?? '';
  return {
    authorization: `Basic ${btoa(`iago@zulip.com:${key}`)}`,
    'content-type': 'application/x-www-form-urlencoded',
  };
}
