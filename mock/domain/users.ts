import { ROLE_VALUES, type RoleName } from '../../src/contract/endpoint';
import type { UserRecord } from '../store/store';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
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

/**
 * The avatar address of a user. Users' avatars are Gravatars (the server's default source; the
 * mock does not take uploaded avatars): `https://secure.gravatar.com/avatar/{md5 of the address}`
 * with `d=identicon`, `s=500` for the medium size, and the avatar version. The system bots'
 * avatars are the server's own.
 */
export function avatarUrlFor(state: Pick<MockState, 'realm'>, user: UserRecord, size: 'default' | 'medium' = 'default'): string {
  const medium = size === 'medium';
  if (user.is_system_bot) return `${state.realm.url}/avatar/${user.id}${medium ? '/medium' : ''}?version=${user.avatar_version}`;
  return `https://secure.gravatar.com/avatar/${gravatarHash(user.delivery_email)}?d=identicon${medium ? '&s=500' : ''}&version=${user.avatar_version}`;
}

// Every message and user object carries an avatar URL: the MD5 of an address is worked out once.
const gravatarHashes = new Map<string, string>();

/** The server's `gravatar_hash`: the MD5 of the lower-cased text, hex. */
export function gravatarHash(email: string): string {
  const address = email.toLowerCase();
  let hash = gravatarHashes.get(address);
  if (hash === undefined) {
    hash = bytesToHex(md5(utf8ToBytes(address)));
    if (gravatarHashes.size >= 10_000) gravatarHashes.clear();
    gravatarHashes.set(address, hash);
  }
  return hash;
}

/**
 * `avatar_url` as a response with `client_gravatar` shows it: null where the client can compute
 * the Gravatar itself (a Gravatar of a user whose real address everyone may see).
 */
export function avatarUrlForClient(state: Pick<MockState, 'realm'>, user: UserRecord, clientGravatar: boolean): string | null {
  const computable = clientGravatar && user.email_address_visibility === EMAIL_VISIBLE_TO_EVERYONE && !user.is_system_bot;
  return computable ? null : avatarUrlFor(state, user);
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
