import { readFileSync } from 'node:fs';
import { type HttpMock, startHttpMock } from './http';
import { loadStateFile, saveStateFile, stateFileProblem } from './state-file';
import { copyWorkerScript } from './init-worker';
import { linkPreviewPagesProblem } from '../domain/link-embeds/pages';
import { parseCommandLine, type ServeSettings } from './cli-args';
import { printBanner } from './cli-banner';
import { stopOnSignals } from './cli-shutdown';
import { fail, messageOf, quit, USAGE } from './cli-usage';

/** Why the server could not start, with what to do about the usual cause. */
function startFailure(error: unknown, port: number, host: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${host} is already in use (another teamchat-mock?): stop it, or choose another with --port (0: any free port)`;
  }
  return messageOf(error);
}

/** A JSON file the command line names (`what` says which, for the message when it cannot be read). */
function readJsonFile(path: string | undefined, what: string): unknown {
  if (path === undefined) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return quit(`cannot read ${what} ${path}: ${messageOf(error)}`);
  }
}

/** Starts the server the settings describe, loads the state file and the faults, and prints the banner. */
async function serve(settings: ServeSettings, onRunning: (server: HttpMock) => void): Promise<void> {
  const { port, host, stateFile } = settings;
  const seed = readJsonFile(settings.seedFile, 'seed');
  const linkPreviews = readJsonFile(settings.linkPreviewsFile, '--link-previews');
  const previewsProblem = linkPreviews === undefined ? undefined : linkPreviewPagesProblem(linkPreviews);
  if (previewsProblem) return quit(`--link-previews ${settings.linkPreviewsFile}: ${previewsProblem}`);
  // Found now, not when the server stops and the session's realm could not be saved.
  const stateProblem = stateFile === undefined ? undefined : stateFileProblem(stateFile);
  if (stateProblem) return quit(`--state ${stateFile}: ${stateProblem}`);
  let running: HttpMock | undefined;
  const runningMock = () => {
    if (!running) throw new Error('the server is not running');
    return running.mock;
  };
  // The realm loaded from the state file: where POST /__admin/reset goes back to, so that a reset
  // followed by the save at shutdown does not replace the saved realm with the default one.
  let loadedState: unknown;
  const reset = () => (loadedState === undefined ? runningMock().reset() : runningMock().restore(loadedState));
  try {
    running = await startHttpMock({
      ...settings.options,
      port,
      host,
      ...(seed ? { seed: seed as never } : {}),
      ...(linkPreviews === undefined ? {} : { linkPreviews: linkPreviews as never }),
      ...(settings.log ? { log: (line: string) => process.stdout.write(`${line}\n`) } : {}),
      warn: (line: string) => process.stderr.write(`${line}\n`),
      ...(settings.admin ? { admin: stateFile ? { save: async () => saveStateFile(runningMock(), stateFile), reset } : true } : {}),
    });
  } catch (error) {
    return quit(startFailure(error, port, host));
  }
  onRunning(running);
  if (stateFile) {
    try {
      if (loadStateFile(running.mock, stateFile)) {
        loadedState = running.mock.snapshot();
        process.stdout.write(`teamchat-mock: loaded state from ${stateFile}\n`);
        // The saved realm replaced the seeded one: edits to the seed file show only without it.
        if (settings.seedFile) process.stdout.write(`teamchat-mock: --seed ${settings.seedFile} is not applied over a saved state (delete ${stateFile} to start from the seed)\n`);
      }
    } catch (error) {
      await running.close();
      return quit(`--state ${stateFile}: ${messageOf(error)}`);
    }
  }
  for (const fault of settings.faults) running.mock.faults.inject(fault);
  // Faults make a healthy server look broken: say they are armed.
  if (settings.faults.length > 0) process.stdout.write(`teamchat-mock: faults armed: ${JSON.stringify(settings.faults)}\n`);
  printBanner(running, host, settings.options.devEndpoints !== false);
}

/** The `teamchat-mock` command: `init`, `--help`, or the standalone server. */
export async function main(args: readonly string[]): Promise<void> {
  // Signals are handled first, so an early SIGINT or SIGTERM still stops cleanly.
  const shutdown = stopOnSignals();
  const command = parseCommandLine(args);
  if (typeof command === 'string') return fail(command);
  switch (command.kind) {
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return;
    case 'init':
      try {
        process.stdout.write(`teamchat-mock: copied ${copyWorkerScript(command.directory)}\n`);
      } catch (error) {
        // Not a usage error: the directory cannot be written, or msw is not installed.
        quit(messageOf(error));
      }
      return;
    case 'serve':
      return serve(command.settings, (server) => shutdown.running(server, command.settings.stateFile));
  }
}
