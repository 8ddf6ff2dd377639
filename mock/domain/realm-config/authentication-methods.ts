import { badRequest } from '../errors';
import type { RealmSettings } from '../state';

/**
 * The login methods the mock's server supports, by the server's backend names, and the realm
 * setting that turns each on: development login, and email with password.
 */
const METHODS = { Dev: 'dev_auth_enabled', Email: 'password_auth_enabled' } as const satisfies Record<string, keyof RealmSettings>;

type MethodName = keyof typeof METHODS;

/** Each supported login method and whether the realm allows it (the server's `authentication_methods_dict`). */
export function authenticationMethodsDict(realm: RealmSettings): Record<MethodName, boolean> {
  return { Dev: realm.dev_auth_enabled, Email: realm.password_auth_enabled };
}

/** `realm_authentication_methods`: every method is available on a server without billing. */
export function authenticationMethodsForApi(realm: RealmSettings): Record<string, { enabled: boolean; available: boolean }> {
  return Object.fromEntries(Object.entries(authenticationMethodsDict(realm)).map(([name, enabled]) => [name, { enabled, available: true }]));
}

/**
 * Checks a requested `authentication_methods` as `update_realm` does: only supported method
 * names, and some method enabled in the request itself. Returns the settings to store, or
 * undefined when the request equals the current dictionary (a partial one never does, so it
 * always sends its event).
 */
export function requestedAuthenticationMethods(realm: RealmSettings, requested: Readonly<Record<string, unknown>>): Partial<RealmSettings> | undefined {
  const current = authenticationMethodsDict(realm);
  for (const name of Object.keys(requested)) {
    if (!Object.hasOwn(current, name)) {
      const valid = Object.keys(current).sort().map((method) => `'${method}'`).join(', ');
      throw badRequest(`Invalid authentication method: ${name}. Valid methods are: [${valid}]`);
    }
  }
  if (!Object.values(requested).includes(true)) throw badRequest('At least one authentication method must be enabled.');
  const names = Object.keys(current) as MethodName[];
  const same = Object.keys(requested).length === names.length && names.every((name) => requested[name] === current[name]);
  if (same) return undefined;
  return Object.fromEntries(
    Object.entries(requested).map(([name, enabled]) => [METHODS[name as MethodName], enabled === true]),
  ) as Partial<RealmSettings>;
}
