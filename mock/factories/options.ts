import { meantName } from '../domain/closest-names';
import type { MockServerOptions } from '../index';
import { MockMisuseError } from './misuse';

/** What one option of a factory takes: a test of the value, and the words that describe it. */
export interface OptionRule {
  /** How a message names what is allowed: "a string", "true or false". */
  readonly allowed: string;
  readonly accepts: (value: unknown) => boolean;
  /** Must be given (not undefined). */
  readonly required?: true;
}

/**
 * Every option of `createMockServer`, held to {@link MockServerOptions} by the compiler (a missing
 * or extra name fails), in the order messages list them. `startHttpMock` takes them too, but `baseUrl`.
 */
export const MOCK_SERVER_OPTION_NAMES = Object.keys({
  seed: true,
  baseUrl: true,
  realmUrl: true,
  clock: true,
  logger: true,
  onExchange: true,
  push: true,
  botStorageLimit: true,
  rateLimits: true,
  featureLevel: true,
  devEndpoints: true,
  thumbnailDelayMs: true,
  limitGuestPresence: true,
  secretKey: true,
  camo: true,
  linkPreviews: true,
  outgoingWebhooks: true,
} satisfies Record<keyof MockServerOptions, true>);

const isString = (value: unknown): value is string => typeof value === 'string';

/** Common rules. */
export const RULES = {
  string: { allowed: 'a string', accepts: isString },
  requiredString: { allowed: 'a string', accepts: isString, required: true },
  boolean: { allowed: 'true or false', accepts: (value) => typeof value === 'boolean' },
  emails: { allowed: 'a list of emails (strings)', accepts: (value) => Array.isArray(value) && value.every(isString) },
} as const satisfies Record<string, OptionRule>;

/**
 * Refuses an option `where` (a factory, `createMockServer`) does not take with a
 * {@link MockMisuseError} naming the known one it most likely means (a typo, another case style,
 * or a synonym of `aliases`) and all of them: an unknown option would otherwise be dropped silently.
 *
 * @example
 * refuseUnknownOptions('createMockServer', { baseURL: 'http://chat.test' }, ['seed', 'baseUrl']);
 * // MockMisuseError: unknown option 'baseURL' for createMockServer; did you mean 'baseUrl'? (its options: seed, baseUrl)
 */
export function refuseUnknownOptions(where: string, given: object, known: readonly string[], aliases: Readonly<Record<string, string>> = {}): void {
  for (const key of Object.keys(given)) {
    if (known.includes(key)) continue;
    const meant = meantName(key, known, aliases);
    const hint = meant === undefined ? '' : `; did you mean '${meant}'?`;
    throw new MockMisuseError(`unknown option '${key}' for ${where}${hint} (its options: ${known.join(', ')})`);
  }
}

/** A value as a message shows it: strings quoted, the rest as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Refuses, with a {@link MockMisuseError} naming the option and what it takes, what a factory
 * would otherwise silently drop or store as an invalid record: an argument that is not an object,
 * an unknown option (with the known one it most likely means: a typo, another case style, or a
 * synonym of `aliases` such as `private` for `invite_only`), a missing required option, a value of
 * the wrong kind. An option given as `undefined` counts as omitted.
 */
export function checkOptions(
  factory: string,
  argument: unknown,
  rules: Readonly<Record<string, OptionRule>>,
  aliases: Readonly<Record<string, string>> = {},
): void {
  const names = Object.keys(rules);
  if (typeof argument !== 'object' || argument === null || Array.isArray(argument)) {
    throw new MockMisuseError(`${factory} takes an object with the options ${names.join(', ')}; got ${shown(argument)}`);
  }
  const given = argument as Record<string, unknown>;
  refuseUnknownOptions(factory, given, names, aliases);
  for (const [key, rule] of Object.entries(rules)) {
    const value = given[key];
    if (value === undefined) {
      if (rule.required) throw new MockMisuseError(`${factory} needs ${key} (${rule.allowed})`);
      continue;
    }
    if (!rule.accepts(value)) throw new MockMisuseError(`${factory}: ${key} must be ${rule.allowed}; got ${shown(value)}`);
  }
}
