import { ROLE_VALUES, type RoleName } from '../../src/contract/endpoint';
import type { UserRecord } from '../store/store';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { CROSS_REALM_BOTS } from './system-bots';
import type { MockState } from './state';
import { sha256Hex } from './sha256';
import { staticFileUrl } from './static-files';

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

/** The server's medium avatar size (`MEDIUM_AVATAR_SIZE`), in pixels. */
const MEDIUM_AVATAR_SIZE = 500;

/** The static avatar files of the server's system bots, by address (`get_system_bots_avatar_file_name`). */
const SYSTEM_BOT_AVATARS: Readonly<Record<string, string>> = Object.fromEntries(CROSS_REALM_BOTS.map((bot) => [bot.email, bot.avatar]));

/**
 * Where the server keeps a user's uploaded avatar for a version, below `/user_avatars/`
 * (`user_avatar_base_path_from_ids`): the realm ID and a salted hash of the user ID and version,
 * so that nobody can list the avatars. The mock's salt is fixed.
 */
export function uploadedAvatarPath(state: Pick<MockState, 'realm'>, userId: number, version: number, size: 'default' | 'medium' = 'default'): string {
  const hash = sha256Hex(`${userId}:${version}:teamchat-mock`).slice(0, 40);
  return `${state.realm.id}/${hash}${size === 'medium' ? '-medium' : ''}.png`;
}

/** The user's `avatar_source`: `U` for an uploaded image, `G` for a Gravatar. */
export function avatarSourceOf(state: Pick<MockState, 'store'>, user: UserRecord): 'U' | 'G' {
  return state.store.avatarImages.hasUploadedAvatar(user.id) ? 'U' : 'G';
}

/**
 * The avatar address of a user. An uploaded avatar is the server's file below `/user_avatars/`
 * (relative, as the server's local storage answers; the mock serves it); otherwise a Gravatar,
 * `https://secure.gravatar.com/avatar/{md5 of the address}` with `d=identicon` (and `s=500` for the
 * medium size) and the avatar version. The system bots' avatars are the server's static files,
 * unversioned (`get_static_avatar_url`).
 */
export function avatarUrlFor(state: Pick<MockState, 'realm' | 'store'>, user: UserRecord, size: 'default' | 'medium' = 'default'): string {
  const systemBotAvatar = user.is_system_bot ? (SYSTEM_BOT_AVATARS[user.delivery_email] ?? 'unknown') : undefined;
  if (systemBotAvatar !== undefined) return staticFileUrl(state, `images/static_avatars/${systemBotAvatar}${size === 'medium' ? '-medium' : ''}.png`);
  if (avatarSourceOf(state, user) === 'U') return `/user_avatars/${uploadedAvatarPath(state, user.id, user.avatar_version, size)}`;
  const medium = size === 'medium' ? `&s=${MEDIUM_AVATAR_SIZE}` : '';
  return `https://secure.gravatar.com/avatar/${gravatarHash(user.delivery_email)}?d=identicon${medium}&version=${user.avatar_version}`;
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
 * `avatar_url` (or its medium size) as a response with `client_gravatar` shows it: null where the
 * client can compute the Gravatar itself (a Gravatar of a user whose real address everyone may
 * see; uploaded avatars and system bots' static avatars never).
 */
export function avatarUrlForClient(
  state: Pick<MockState, 'realm' | 'store'>,
  user: UserRecord,
  clientGravatar: boolean,
  size: 'default' | 'medium' = 'default',
): string | null {
  const computable = clientGravatar && user.email_address_visibility === EMAIL_VISIBLE_TO_EVERYONE && !user.is_system_bot && avatarSourceOf(state, user) === 'G';
  return computable ? null : avatarUrlFor(state, user, size);
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
