import { pythonStrip } from '../python-strip';

/**
 * The address a new account is stored under (Django's `BaseUserManager.normalize_email`, which
 * the server's `create_user_profile` applies): stripped, and the domain, after the last `@`, in
 * lower case; the local part keeps its case.
 *
 * @example
 * normalizeNewAccountEmail(' NewGuy@Zulip.COM '); // 'NewGuy@zulip.com'
 */
export function normalizeNewAccountEmail(email: string): string {
  const stripped = pythonStrip(email);
  const at = stripped.lastIndexOf('@');
  if (at < 0) return email;
  return `${stripped.slice(0, at)}@${stripped.slice(at + 1).toLowerCase()}`;
}
