import type { ChatClientOptions } from './options';

/** Every option name, held to {@link ChatClientOptions} by the compiler (a missing or extra name fails). */
const KNOWN: Record<keyof ChatClientOptions, 0> = {
  site: 0, email: 0, apiKey: 0, timeout: 0, maxRetries: 0, maxRetryWait: 0, userAgent: 0, fetch: 0,
  onIgnoredParameters: 0, paceRequests: 0, validate: 0, logger: 0, logLevel: 0, featureLevel: 0,
};

/** Names other clients use for an option (a base `url`, the zuliprc's `key`, zulip-js's `realm` and `username`), squashed as `meant` squashes. */
const ALIASES: Record<string, string> = { url: 'site', baseurl: 'site', server: 'site', realm: 'site', key: 'apikey', username: 'email' };

/**
 * Refuses options a client cannot work with, at construction rather than at the first request:
 * something other than an options object (the site string itself, nothing), an unknown name
 * (suggesting the one meant: the same name in another case or with `_`/`-`, or a known alias:
 * `url` or `realm` -> `site`, `api_key` or `key` -> `apiKey`), a missing or non-string `site`, a
 * non-string `email` or `apiKey`, or only one of the two (no request would carry credentials).
 * Each is a `TypeError` naming the option.
 *
 * @example
 * checkOptions({ site: 'https://chat.example.com', email: 'bot@example.com', api_key: 'x' } as never);
 * // TypeError: unknown option `api_key`: did you mean `apiKey`?
 */
export function checkOptions(options: ChatClientOptions): void {
  // A JavaScript caller may pass the site itself, or nothing: say what is taken, not `unknown option 0`.
  if (typeof options !== 'object' || !options || Array.isArray(options)) {
    throw new TypeError(`options must be an object such as { site, email, apiKey }, got ${Array.isArray(options) ? 'an array' : options === null ? 'null' : typeof options}`);
  }
  for (const name of Object.keys(options)) {
    if (Object.hasOwn(KNOWN, name)) continue;
    const squashed = name.toLowerCase().replace(/[-_]/g, '');
    const wanted = (Object.hasOwn(ALIASES, squashed) && ALIASES[squashed]) || squashed;
    const meant = Object.keys(KNOWN).find((known) => known.toLowerCase() === wanted);
    throw new TypeError(`unknown option \`${name}\`${meant ? `: did you mean \`${meant}\`?` : ''}`);
  }
  for (const name of ['site', 'email', 'apiKey'] as const) {
    const value: unknown = options[name];
    if (value === undefined ? name === 'site' : typeof value !== 'string') {
      throw new TypeError(`\`${name}\` must be a string, got ${value === null ? 'null' : typeof value}`);
    }
  }
  if ((options.email === undefined) !== (options.apiKey === undefined)) {
    throw new TypeError(`\`${options.email === undefined ? 'email' : 'apiKey'}\` is missing: pass both \`email\` and \`apiKey\`, or neither`);
  }
}
