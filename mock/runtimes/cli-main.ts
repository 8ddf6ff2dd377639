import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type HttpMock, startHttpMock } from './http';
import { isLoopback } from './http-policy';
import { loadStateFile, saveStateFile } from './state-file';
import { copyWorkerScript } from './init-worker';
import { parseRateLimitRules } from '../domain/rate-limits';
import { parseFaultSpecs } from '../http/faults';
import { OLDEST_MOCK_LEVEL } from '../domain/feature-levels';
import { MOCK_FEATURE_LEVEL } from '../domain/server-settings';

const USAGE = [
  'usage: teamchat-mock [options]      start the standalone mock server',
  '       teamchat-mock init [public]  copy msw\'s service worker script into a public directory',
  '',
  '  --port 9991               port to listen on (0: any free port)',
  '  --host 127.0.0.1          address to listen on; beyond loopback the mock warns (it is a test server)',
  '  --seed file.json          the realm to start from (format: docs/seed.md)',
  '  --state file.json         load the realm from this file if it exists; save it there on SIGINT/SIGTERM',
  '                            (and on POST /__admin/save), atomically',
  '  --feature-level 435       behave as a server of this API feature level (60 to 435)',
  '  --rate-limits 60:200|off  per-user limits as seconds:requests rules, or none',
  "  --faults '[...]'          JSON fault specs injected at start (docs/mock.md)",
  '  --no-dev-endpoints        no /dev_fetch_api_key or /dev_list_users, as on a production server',
  '  --limit-guest-presence    in a realm that limits guests, guests get no presence of users they',
  "                            may not see (the server's CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE)",
  '  --thumbnail-delay 2000    milliseconds after an upload until its thumbnails exist (default 0:',
  '                            at once); until then image previews are the loading placeholder',
  '  --push-bouncer            send push notifications through a simulated push bouncer, which knows',
  '                            no device tokens; without it POST /mobile_push/register answers',
  '                            PUSH_SERVICE_NOT_CONFIGURED (docs/drafts-typing-push.md)',
  '  --push-bouncer-key KEY    a bouncer public key the bouncer accepts for end-to-end encrypted',
  '                            registrations (repeatable or comma-separated; implies --push-bouncer)',
  '  --admin                   serve /__admin/reset, /__admin/state (GET, PUT), /__admin/save,',
  '                            /__admin/faults (POST, DELETE), /__admin/clock and /__admin/restart',
  '  --cors ORIGIN|*           let browser apps on that origin (or any) call the API',
  '  --allowed-host NAME       accept this Host name besides loopback ones (repeatable)',
  '  --log                     print one line per request: method, path (secrets redacted), status, time',
  '  --help                    this text',
].join('\n');

/**
 * How long requests in flight at SIGINT/SIGTERM may take to finish (idle connections close at
 * once): a cold process can need over a second for its first send, and container runtimes wait
 * 10 s before they kill.
 */
const STOP_GRACE_MS = 8000;

/** Refuses the command line: the message, then the usage. */
function fail(message: string): never {
  process.stderr.write(`teamchat-mock: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** Stops on a failure that is not a usage error (a busy port, a bad seed or state file): no usage. */
function quit(message: string): never {
  process.stderr.write(`teamchat-mock: ${message.replace(/^\[teamchat-mock\] /, '')}\n`);
  process.exit(2);
}

/** Why the server could not start, with what to do about the usual cause. */
function startFailure(error: unknown, port: number, host: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${host} is already in use (another teamchat-mock?): stop it, or choose another with --port (0: any free port)`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The `--push-bouncer-key` values, each one key or a comma-separated list, or why they are refused. */
function parseBouncerKeys(values: readonly string[]): string[] | string {
  const keys = values.flatMap((value) => value.split(',').map((key) => key.trim()));
  return keys.includes('') ? `--push-bouncer-key: expected bouncer public keys, got an empty one in '${values.join(',')}'` : keys;
}

function readSeed(path: string | undefined): unknown {
  if (path === undefined) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return quit(`cannot read seed ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(): Promise<void> {
  // Signals are handled first, so an early SIGINT or SIGTERM still stops cleanly: before the
  // server is up it just exits, afterwards requests in flight finish first.
  let running: HttpMock | undefined;
  // Filled in once the arguments are parsed; the signal handlers read it.
  const settings: { stateFile?: string | undefined } = {};
  const runningMock = () => {
    if (!running) throw new Error('the server is not running');
    return running.mock;
  };
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`teamchat-mock: ${signal}, stopping\n`);
    if (!running) process.exit(0);
    const closing = running;
    closing.close(STOP_GRACE_MS).then(
      () => {
        const { stateFile } = settings;
        if (stateFile) {
          try {
            saveStateFile(closing.mock, stateFile);
            process.stdout.write(`teamchat-mock: saved state to ${stateFile}\n`);
          } catch (error) {
            process.stderr.write(`teamchat-mock: could not save state to ${stateFile}: ${error instanceof Error ? error.message : String(error)}\n`);
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
  let positionals: string[];
  let values: {
    port?: string;
    host?: string;
    seed?: string;
    'rate-limits'?: string;
    'feature-level'?: string;
    'no-dev-endpoints'?: boolean;
    'limit-guest-presence'?: boolean;
    'thumbnail-delay'?: string;
    'push-bouncer'?: boolean;
    'push-bouncer-key'?: string[];
    faults?: string;
    cors?: string;
    log?: boolean;
    'allowed-host'?: string[];
    state?: string;
    admin?: boolean;
    help?: boolean;
  };
  try {
    ({ values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        'rate-limits': { type: 'string' },
        'feature-level': { type: 'string' },
        'no-dev-endpoints': { type: 'boolean' },
        'limit-guest-presence': { type: 'boolean' },
        'thumbnail-delay': { type: 'string' },
        'push-bouncer': { type: 'boolean' },
        'push-bouncer-key': { type: 'string', multiple: true },
        faults: { type: 'string' },
        cors: { type: 'string' },
        log: { type: 'boolean' },
        'allowed-host': { type: 'string', multiple: true },
        state: { type: 'string' },
        admin: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (positionals[0] === 'init') {
    try {
      process.stdout.write(`teamchat-mock: copied ${copyWorkerScript(positionals[1] ?? 'public')}\n`);
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    return;
  }
  if (positionals.length > 0) return fail(`unknown command: ${positionals.join(' ')}`);
  settings.stateFile = values.state;
  const { stateFile } = settings;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = values.port === undefined ? 9991 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0-65535, got ${values.port}`);
  const seed = readSeed(values.seed);
  const rules = values['rate-limits'] === undefined ? undefined : parseRateLimitRules(values['rate-limits']);
  if (typeof rules === 'string') return fail(`--rate-limits: ${rules}`);
  const faults = values.faults === undefined ? [] : parseFaultSpecs(values.faults);
  if (typeof faults === 'string') return fail(`--faults: ${faults}`);
  const featureLevel = values['feature-level'] === undefined ? undefined : Number(values['feature-level']);
  if (featureLevel !== undefined && !(Number.isInteger(featureLevel) && featureLevel >= OLDEST_MOCK_LEVEL && featureLevel <= MOCK_FEATURE_LEVEL)) {
    return fail(`--feature-level must be a whole number from ${OLDEST_MOCK_LEVEL} to ${MOCK_FEATURE_LEVEL}, got ${values['feature-level']}`);
  }
  const thumbnailDelayMs = values['thumbnail-delay'] === undefined ? undefined : Number(values['thumbnail-delay']);
  if (thumbnailDelayMs !== undefined && !(Number.isInteger(thumbnailDelayMs) && thumbnailDelayMs >= 0)) {
    return fail(`--thumbnail-delay must be a whole number of milliseconds, got ${values['thumbnail-delay']}`);
  }
  const bouncerKeys = parseBouncerKeys(values['push-bouncer-key'] ?? []);
  if (typeof bouncerKeys === 'string') return fail(bouncerKeys);
  const bouncer = values['push-bouncer'] || bouncerKeys.length > 0 ? { knownTokens: [], registrationKeys: bouncerKeys } : undefined;
  try {
    running = await startHttpMock({
      port,
      host: values.host ?? '127.0.0.1',
      ...(seed ? { seed: seed as never } : {}),
      ...(rules === undefined ? {} : { rateLimits: rules === false ? false : { rules } }),
      ...(featureLevel === undefined ? {} : { featureLevel }),
      ...(values['no-dev-endpoints'] ? { devEndpoints: false } : {}),
      ...(values['limit-guest-presence'] ? { limitGuestPresence: true } : {}),
      ...(thumbnailDelayMs === undefined ? {} : { thumbnailDelayMs }),
      ...(bouncer ? { push: { bouncer } } : {}),
      ...(values.cors === undefined ? {} : { cors: values.cors }),
      ...(values.log ? { log: (line: string) => process.stdout.write(`${line}\n`) } : {}),
      ...(values['allowed-host'] ? { allowedHosts: values['allowed-host'] } : {}),
      ...(values.admin ? { admin: stateFile ? { save: async () => saveStateFile(runningMock(), stateFile) } : true } : {}),
    });
  } catch (error) {
    return quit(startFailure(error, port, values.host ?? '127.0.0.1'));
  }
  if (stateFile) {
    try {
      if (loadStateFile(running.mock, stateFile)) process.stdout.write(`teamchat-mock: loaded state from ${stateFile}\n`);
    } catch (error) {
      await running.close();
      return quit(`--state ${stateFile}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const fault of faults) running.mock.faults.inject(fault);
  if (!isLoopback(values.host ?? '127.0.0.1')) {
    process.stderr.write(
      `teamchat-mock: warning: listening on ${values.host}, reachable beyond this machine; the mock is a test server` +
        `${values['no-dev-endpoints'] ? '' : ' and hands any user\'s API key to anyone through /dev_fetch_api_key (--no-dev-endpoints turns it off)'}\n`,
    );
  }
  const users = running.mock.store.tables.user.all();
  const lines = users.map(
    (user) => `  ${user.delivery_email.padEnd(28)} ${user.api_key}${user.is_active ? '' : ' (deactivated)'}`,
  );
  process.stdout.write(
    `teamchat-mock listening on ${running.url} (API at ${running.url}/api/v1, feature level ${running.mock.state.featureLevel})\nusers and API keys:\n${lines.join('\n')}\n`,
  );
}

void main();
