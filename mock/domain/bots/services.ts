import { badRequest } from '../errors';
import { isServerUrl } from '../server-url';

/** Outgoing webhook formats: 1 Zulip's native one, 2 Slack's. */
const INTERFACE_TYPES: readonly number[] = [1, 2];

/** An outgoing webhook format the server knows, else `Invalid interface type`. */
export function checkInterfaceType(interfaceType: number): number {
  if (!INTERFACE_TYPES.includes(interfaceType)) throw badRequest('Invalid interface type');
  return interfaceType;
}

/** A webhook URL as the server's `check_url` validator takes it, named as the parameter it came in. */
export function checkWebhookUrl(url: string, name: string): string {
  if (!isServerUrl(url)) throw badRequest(`Invalid ${name}: Value error, Not a URL`);
  return url;
}
