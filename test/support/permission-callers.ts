import type { MockServer } from '../../mock/index';

/** The kinds of caller the permission matrix tries on every operation. */
export const CALLERS = [
  'no credentials',
  'wrong key',
  'deactivated user',
  'incoming-webhook bot',
  'generic bot',
  'guest',
  'member',
  'moderator',
  'administrator',
  'owner',
] as const;

/** One kind of caller. */
export type Caller = (typeof CALLERS)[number];

const EMAILS: Partial<Record<Caller, string>> = {
  'deactivated user': 'prospero@zulip.com',
  'incoming-webhook bot': 'webhook-bot@zulip.com',
  'generic bot': 'default-bot@zulip.com',
  guest: 'polonius@zulip.com',
  member: 'hamlet@zulip.com',
  moderator: 'shiva@zulip.com',
  administrator: 'iago@zulip.com',
  owner: 'desdemona@zulip.com',
};

/** The realm as the matrix needs it: the default one, with prospero deactivated. */
export function prepareRealm(mock: MockServer): void {
  const prospero = mock.store.userByDeliveryEmail('prospero@zulip.com');
  if (prospero) mock.store.tables.user.update(prospero.id, { is_active: false });
}

/** The `Authorization` header a caller sends, if any. */
export function authorizationOf(mock: MockServer, caller: Caller): string | undefined {
  if (caller === 'no credentials') return undefined;
  if (caller === 'wrong key') return `Basic ${btoa(`hamlet@zulip.com:${'x'.repeat(32)}`)}`;
  const email = EMAILS[caller] ?? '';
  return `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}`;
}
