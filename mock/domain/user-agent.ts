/**
 * The server's reading of a `User-Agent` (`parse_user_agent`): the name runs to the first `/` or
 * digit after its first word, so it may hold spaces ("My Client/1.0" is "My Client"), then an
 * optional `/version`.
 */
const USER_AGENT = /^(?<name>[^/ ]*[^0-9/(]*)(?:\/(?<version>[^/ ]*))?(?:[ /].*)?$/;

/** The longest client name the server stores (its `Client.MAX_NAME_LENGTH`). */
const MAX_CLIENT_NAME_LENGTH = 30;

/**
 * A `User-Agent` as the server parses it.
 *
 * @example
 * parseUserAgent('ZulipMobile/27.1 (Android 13)'); // { name: 'ZulipMobile', version: '27.1' }
 * parseUserAgent('curl 7.68');                     // { name: 'curl', version: undefined }
 */
export function parseUserAgent(userAgent: string): { readonly name: string; readonly version: string | undefined } {
  const groups = USER_AGENT.exec(userAgent)?.groups;
  return { name: groups?.name ?? userAgent, version: groups?.version };
}

/**
 * The name of the client making a request, as the server records it (a message's `client`): the
 * `client` parameter if sent, even empty; else the `User-Agent`'s name; else `Unspecified`. At
 * most 30 characters.
 */
export function clientName(clientParameter: string | undefined, userAgent: string | null): string {
  const name = clientParameter ?? (userAgent === null ? 'Unspecified' : parseUserAgent(userAgent).name);
  return name.length <= MAX_CLIENT_NAME_LENGTH ? name : [...name].slice(0, MAX_CLIENT_NAME_LENGTH).join('');
}

/**
 * Whether the server tells this client it is too old (`is_incompatible` of `GET /server_settings`):
 * only the test client named `ZulipInvalid`.
 */
export function isIncompatibleClient(userAgent: string | null): boolean {
  return parseUserAgent(userAgent ?? 'Missing User-Agent').name === 'ZulipInvalid';
}

/** A version's leading dot-separated numbers, and the text after them. */
function splitVersion(version: string): { readonly numbers: number[]; readonly rest: string } {
  const match = /^(\d+(?:\.\d+)*)(.*)/.exec(version);
  if (!match) return { numbers: [], rest: version };
  return { numbers: (match[1] ?? '').split('.').map(Number), rest: match[2] ?? '' };
}

/**
 * Whether one Zulip-style version is older than another (the server's `version_lt`): the leading
 * numbers compare in order, more numbers beat none, and trailing text compares only for equality;
 * undefined when that cannot tell.
 */
export function versionLessThan(version: string, other: string): boolean | undefined {
  const a = splitVersion(version);
  const b = splitVersion(other);
  if (a.numbers.length === 0 || b.numbers.length === 0) return undefined;
  const common = Math.min(a.numbers.length, b.numbers.length);
  for (let index = 0; index < common; index += 1) {
    const [x = 0, y = 0] = [a.numbers[index], b.numbers[index]];
    if (x !== y) return x < y;
  }
  const aLonger = a.numbers.length > common;
  const bLonger = b.numbers.length > common;
  if (a.rest === '' && bLonger) return true;
  if (aLonger && b.rest === '') return false;
  if (aLonger || bLonger) return undefined;
  return a.rest === b.rest ? false : undefined;
}

/** The first Zulip mobile app that knows the Pronouns profile field type. */
const FIRST_MOBILE_VERSION_WITH_PRONOUNS = '27.192';

/**
 * Whether the client knows the Pronouns profile field type: all but the Zulip mobile app before
 * 27.192, which is told of Pronouns fields as short text fields.
 *
 * @example
 * isPronounsFieldTypeSupported('ZulipMobile/27.100 (Android 10)'); // false
 */
export function isPronounsFieldTypeSupported(userAgent: string | null): boolean {
  if (userAgent === null) return true;
  const { name, version } = parseUserAgent(userAgent);
  // The server fails (HTTP 500) on a ZulipMobile agent without a version; such a client is taken as new.
  if (name !== 'ZulipMobile' || version === undefined) return true;
  return versionLessThan(version, FIRST_MOBILE_VERSION_WITH_PRONOUNS) !== true;
}
