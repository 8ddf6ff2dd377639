import type { HttpMock } from './http';
import { saveStateFile } from './state-file';
import { messageOf } from './cli-usage';

/**
 * How long requests in flight at SIGINT/SIGTERM may take to finish (idle connections close at
 * once): a cold process can need over a second for its first send, and container runtimes wait
 * 10 s before they kill.
 */
const STOP_GRACE_MS = 8000;

/** Tells the signal handlers what there is to stop. */
export interface Shutdown {
  /** The server now runs: a signal lets its requests in flight finish, then saves to `stateFile`. */
  running(server: HttpMock, stateFile: string | undefined): void;
}

/**
 * Stops the process on SIGINT and SIGTERM. Installed before anything else, so an early signal still
 * stops cleanly: before the server runs it just exits, afterwards requests in flight finish first
 * and the realm is saved to the `--state` file (exit status 1 if that fails).
 */
export function stopOnSignals(): Shutdown {
  let server: HttpMock | undefined;
  let stateFile: string | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`teamchat-mock: ${signal}, stopping\n`);
    if (!server) process.exit(0);
    const closing = server;
    closing.close(STOP_GRACE_MS).then(
      () => {
        if (stateFile) {
          try {
            saveStateFile(closing.mock, stateFile);
            process.stdout.write(`teamchat-mock: saved state to ${stateFile}\n`);
          } catch (error) {
            process.stderr.write(`teamchat-mock: could not save state to ${stateFile}: ${messageOf(error)}\n`);
            process.exit(1);
          }
        }
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return {
    running(running, file) {
      server = running;
      stateFile = file;
    },
  };
}
