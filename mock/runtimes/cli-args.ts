import { parseArgs } from 'node:util';
import type { HttpMockOptions } from './http';
import { featureLevelRefusal } from '../domain/feature-levels';
import { parseRateLimitRules } from '../domain/rate-limits';
import { type FaultSpec, parseFaultSpecs } from '../http/faults';
import { messageOf } from './cli-usage';
import { meantName } from '../domain/closest-names';

/** How the command line asks the mock to serve. */
export interface ServeSettings {
  readonly port: number;
  readonly host: string;
  readonly seedFile: string | undefined;
  /** The pages the link-preview worker finds (`--link-previews`), a JSON object of URL to page. */
  readonly linkPreviewsFile: string | undefined;
  readonly stateFile: string | undefined;
  readonly faults: readonly FaultSpec[];
  readonly admin: boolean;
  readonly log: boolean;
  /** The server's options read from the command line alone (the seed, admin and log need the running process). */
  readonly options: HttpMockOptions;
}

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'init'; readonly directory: string }
  | { readonly kind: 'serve'; readonly settings: ServeSettings };

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'rate-limits': { type: 'string' },
  'feature-level': { type: 'string' },
  'no-dev-endpoints': { type: 'boolean' },
  'limit-guest-presence': { type: 'boolean' },
  'thumbnail-delay': { type: 'string' },
  'camo-uri': { type: 'string' },
  'camo-key': { type: 'string' },
  'link-previews': { type: 'string' },
  'push-bouncer': { type: 'boolean' },
  'push-bouncer-key': { type: 'string', multiple: true },
  faults: { type: 'string' },
  cors: { type: 'string', multiple: true },
  log: { type: 'boolean' },
  'allowed-host': { type: 'string', multiple: true },
  state: { type: 'string' },
  admin: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The `--push-bouncer-key` values, each one key or a comma-separated list, or why they are refused. */
function parseBouncerKeys(values: readonly string[]): string[] | string {
  const keys = values.flatMap((value) => value.split(',').map((key) => key.trim()));
  return keys.includes('') ? `--push-bouncer-key: expected bouncer public keys, got an empty one in '${values.join(',')}'` : keys;
}

/**
 * The `--cors` value: `*`, `null`, or the origin of the URL given. A browser's `Origin` is the bare origin,
 * so `http://localhost:5173/` (as a dev server prints it) would otherwise match no request.
 */
function parseCorsOrigin(value: string): { origin: string } | string {
  // `null` is the Origin of a page opened from a file or in a sandboxed frame.
  if (value === '*' || value === 'null') return { origin: value };
  const url = URL.parse(value);
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return { origin: url.origin };
  return `--cors takes an origin such as http://localhost:5173, or *; got ${value}`;
}

const KNOWN_OPTIONS = Object.keys(OPTIONS).map((name) => `--${name}`);

/**
 * The first option the command has not (`--stat`), with the one it most likely means, rather than
 * Node's parseArgs text about positionals; undefined when every option is known.
 */
function unknownOption(args: readonly string[]): string | undefined {
  const { tokens } = parseArgs({ args: [...args], allowPositionals: true, strict: false, tokens: true, options: OPTIONS });
  const unknown = tokens.find((token) => token.kind === 'option' && !Object.hasOwn(OPTIONS, token.name));
  if (unknown?.kind !== 'option') return undefined;
  const meant = meantName(`--${unknown.name}`, KNOWN_OPTIONS);
  return `unknown option ${unknown.rawName}${meant === undefined ? '' : `; did you mean ${meant}?`}`;
}

/** Reads `teamchat-mock`'s arguments: the command, or why the command line is refused (a usage error). */
export function parseCommandLine(args: readonly string[]): CliCommand | string {
  const unknown = unknownOption(args);
  if (unknown) return unknown;
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return messageOf(error);
  }
  const { values, positionals } = parsed;
  if (positionals[0] === 'init') return { kind: 'init', directory: positionals[1] ?? 'public' };
  if (positionals.length > 0) return `unknown command: ${positionals.join(' ')}`;
  if (values.help) return { kind: 'help' };
  const port = values.port === undefined ? 9991 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port must be 0-65535, got ${values.port}`;
  const rules = values['rate-limits'] === undefined ? undefined : parseRateLimitRules(values['rate-limits']);
  if (typeof rules === 'string') return `--rate-limits: ${rules}`;
  const faults = values.faults === undefined ? [] : parseFaultSpecs(values.faults);
  if (typeof faults === 'string') return `--faults: ${faults}`;
  const featureLevel = values['feature-level'] === undefined ? undefined : Number(values['feature-level']);
  const levelRefusal = featureLevel === undefined ? undefined : featureLevelRefusal(featureLevel, values['feature-level']);
  if (levelRefusal) return `--feature-level ${levelRefusal}`;
  const thumbnailDelayMs = values['thumbnail-delay'] === undefined ? undefined : Number(values['thumbnail-delay']);
  if (thumbnailDelayMs !== undefined && !(Number.isInteger(thumbnailDelayMs) && thumbnailDelayMs >= 0)) {
    return `--thumbnail-delay must be a whole number of milliseconds, got ${values['thumbnail-delay']}`;
  }
  const camoUri = values['camo-uri'];
  const camoKey = values['camo-key'];
  const camo = camoUri === undefined && camoKey === undefined ? undefined : { ...(camoUri === undefined ? {} : { uri: camoUri }), ...(camoKey === undefined ? {} : { key: camoKey }) };
  const corsOrigins: string[] = [];
  for (const value of values.cors ?? []) {
    const parsed = parseCorsOrigin(value);
    if (typeof parsed === 'string') return parsed;
    corsOrigins.push(parsed.origin);
  }
  const cors = corsOrigins.length === 0 ? undefined : { origin: corsOrigins.length === 1 ? corsOrigins[0] : corsOrigins };
  const bouncerKeys = parseBouncerKeys(values['push-bouncer-key'] ?? []);
  if (typeof bouncerKeys === 'string') return bouncerKeys;
  const bouncer = values['push-bouncer'] || bouncerKeys.length > 0 ? { registrationKeys: bouncerKeys } : undefined;
  return {
    kind: 'serve',
    settings: {
      port,
      host: values.host ?? '127.0.0.1',
      seedFile: values.seed,
      linkPreviewsFile: values['link-previews'],
      stateFile: values.state,
      faults,
      admin: values.admin ?? false,
      log: values.log ?? false,
      options: {
        ...(rules === undefined ? {} : { rateLimits: rules === false ? false : { rules } }),
        ...(featureLevel === undefined ? {} : { featureLevel }),
        ...(values['no-dev-endpoints'] ? { devEndpoints: false } : {}),
        ...(values['limit-guest-presence'] ? { limitGuestPresence: true } : {}),
        ...(thumbnailDelayMs === undefined ? {} : { thumbnailDelayMs }),
        ...(camo === undefined ? {} : { camo }),
        ...(bouncer ? { push: { bouncer } } : {}),
        ...(cors === undefined ? {} : { cors: cors.origin }),
        ...(values['allowed-host'] ? { allowedHosts: values['allowed-host'] } : {}),
      },
    },
  };
}
