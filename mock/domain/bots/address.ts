import { isServerEmail } from '../server-email';
import { pythonLength } from '../python-len';

// Python's email parser's DOT_ATOM_ENDS: a local part holding any of these is quoted by `addr_spec`.
const DOT_ATOM_ENDS = /[()<>@,:;\\"[\] \t]/;
// Beyond the form's 320 characters, the users table's address column (Django's default for an
// EmailField) holds 254: the server fails there on a longer one; the mock refuses it as the form would.
const MAX_ADDRESS_LENGTH = 254;

/**
 * A new bot's address, as the server builds it (`Address(username=..., domain=...).addr_spec`: a
 * local part with special characters is quoted, `"a(b)-bot"@zulip.testserver`), or undefined
 * where the server answers `Bad name or username` (its form refuses the address).
 *
 * @example
 * botAddress('a(b)', 'zulip.testserver'); // '"a(b)-bot"@zulip.testserver'
 */
export function botAddress(shortName: string, domain: string): string | undefined {
  const username = `${shortName}-bot`;
  const local = DOT_ATOM_ENDS.test(username) ? `"${username.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : username;
  const address = `${local}@${domain}`;
  return isServerEmail(address) && pythonLength(address) <= MAX_ADDRESS_LENGTH ? address : undefined;
}
