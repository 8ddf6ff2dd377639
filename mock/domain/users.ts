import { ROLE_VALUES, type RoleName } from '../../src/contract/endpoint';
import type { UserRecord } from '../store/store';
import type { MockState } from './state';

/** Email visibility value meaning "everyone can see the real address". */
export const EMAIL_VISIBLE_TO_EVERYONE = 1;

/** Bot type of incoming-webhook bots, which may not use the general API. */
export const INCOMING_WEBHOOK_BOT = 2;

/** The API email of a user: the real address if everyone may see it, else a placeholder. */
export function apiEmailFor(
  state: Pick<MockState, 'realm'>,
  id: number,
  deliveryEmail: string,
  visibility: number,
): string {
  return visibility === EMAIL_VISIBLE_TO_EVERYONE ? deliveryEmail : `user${id}@${state.realm.fake_email_domain}`;
}

/** The avatar address of a user (the mock serves no images; the URL is stable and versioned). */
export function avatarUrlFor(state: Pick<MockState, 'realm'>, user: UserRecord): string {
  return `${state.realm.url}/avatar/${user.id}?version=${user.avatar_version}`;
}

/** Whether the user's role is at least the given one (owner > administrator > ... > guest). */
export function hasRole(user: UserRecord, role: RoleName): boolean {
  return user.role <= ROLE_VALUES[role];
}

/** Whether the user is a guest. */
export function isGuest(user: UserRecord): boolean {
  return user.role === ROLE_VALUES.guest;
}

/** A user of the realm by ID, if it exists. */
export function userById(state: MockState, id: number): UserRecord | undefined {
  return state.store.tables.user.get(id);
}
