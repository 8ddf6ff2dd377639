import { badRequest } from '../errors';

/** Outgoing webhook formats: 1 Zulip's native one, 2 Slack's. */
const INTERFACE_TYPES: readonly number[] = [1, 2];

/** An outgoing webhook format the server knows, else `Invalid interface type`. */
export function checkInterfaceType(interfaceType: number): number {
  if (!INTERFACE_TYPES.includes(interfaceType)) throw badRequest('Invalid interface type');
  return interfaceType;
}

/** A webhook URL as the server's `check_url` takes it: http, https or ftp with a host. */
export function checkPayloadUrl(name: string, url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:', 'ftp:', 'ftps:'].includes(parsed.protocol) || parsed.hostname === '') {
    throw badRequest(`${name} is not a URL`);
  }
  return url;
}
