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
