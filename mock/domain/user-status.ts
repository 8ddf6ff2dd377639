import type { z } from 'zod/mini';
import type { UpdateStatusParams, UserStatus } from '../../src/schemas/user-status';
import type { UserRecord, UserStatusRecord } from '../store/store';
import { NO_SUCH_USER, userByIdOrFail } from './accounts/lookup';
import { checkEmojiRequest, emojiByName } from './emoji/lookup';
import { normalizeReactionType } from './emoji/reaction-types';
import { ROLE_VALUES } from '../../src/contract/endpoint';
import { badRequest } from './errors';
import { pydanticStrip, pythonStrip } from './python-strip';
import type { MockState } from './state';
import { changeSetting, userSettingsOf } from './user-settings/operations';
import { accessibleUserIds, canAccessUser, seesAllUsers } from './accounts/user-access';
import { pythonLength } from './python-len';

const EMPTY: UserStatusRecord = { status_text: '', emoji_name: '', emoji_code: '', reaction_type: '' };

/**
 * A user's status on the wire: only what is set, and `away` while presence is off; nothing for a
 * user who never set a status (turning presence off in the settings alone makes no status).
 */
function userStatusToWire(state: MockState, user: UserRecord): UserStatus {
  const stored = state.store.userStatuses.get(user.id);
  if (!stored) return {};
  return {
    ...(userSettingsOf(state, user).presence_enabled === false ? { away: true } : {}),
    ...(stored.status_text ? { status_text: stored.status_text } : {}),
    ...(stored.emoji_name ? { emoji_name: stored.emoji_name, emoji_code: stored.emoji_code, reaction_type: stored.reaction_type } : {}),
  };
}

/**
 * The register state `user_status`: every active user with a status row showing something, by ID.
 * A limited guest gets only those they may see, bots left out as the server's
 * `get_accessible_user_ids` leaves them.
 */
export function userStatusState(state: MockState, viewer: UserRecord): Record<string, UserStatus> {
  const statuses: Record<string, UserStatus> = {};
  const accessible = seesAllUsers(state, viewer) ? undefined : accessibleUserIds(state, viewer, false);
  for (const userId of [...state.store.userStatuses.keys()].sort((a, b) => a - b)) {
    const user = state.store.tables.user.get(userId);
    if (!user?.is_active || (accessible && !accessible.has(userId))) continue;
    const status = userStatusToWire(state, user);
    if (Object.keys(status).length > 0) statuses[String(user.id)] = status;
  }
  return statuses;
}

/**
 * `GET /users/{user_id}/status`: of an active human (a bot is `No such user`, as the server's
 * `access_user_by_id(allow_bots=False)`) the viewer may see (else `Insufficient permission`).
 */
export function getUserStatus(state: MockState, viewer: UserRecord, userId: number): UserStatus {
  const user = userByIdOrFail(state, userId);
  if (user.is_bot) throw badRequest(NO_SUCH_USER);
  if (!user.is_active) throw badRequest('User is deactivated');
  if (!canAccessUser(state, viewer, user)) throw badRequest('Insufficient permission');
  return userStatusToWire(state, user);
}

/** The parameter model's reading of `status_text`: Unicode whitespace stripped, then at most 60 characters. */
function checkedStatusText(statusText: string | undefined): string | undefined {
  const given = statusText === undefined ? undefined : pydanticStrip(statusText);
  if (given !== undefined && pythonLength(given) > 60) throw badRequest('status_text is too long (limit: 60 characters)');
  return given;
}

/**
 * `POST /users/{user_id}/status`: an administrator sets another user's status. The view reads
 * its own parameters first (the text's length), then the target as `access_user_by_id` for an
 * administrator finds them (a bot or an unknown ID is `No such user`, then `User is deactivated`,
 * then `Insufficient permission` for anyone but an administrator); only then does the user's own
 * view read `away` (`readAway`, which may refuse it) and do what the target's own update does,
 * `away` included, with the target's events.
 */
export function updateUserStatusForUser(
  state: MockState,
  actor: UserRecord,
  userId: number,
  input: Omit<z.output<typeof UpdateStatusParams>, 'away'>,
  readAway: () => boolean | undefined,
): void {
  checkedStatusText(input.status_text);
  const target = userByIdOrFail(state, userId);
  if (target.is_bot) throw badRequest(NO_SUCH_USER);
  if (!target.is_active) throw badRequest('User is deactivated');
  if (actor.role > ROLE_VALUES.administrator) throw badRequest('Insufficient permission');
  updateUserStatus(state, target, { ...input, away: readAway() });
}

/**
 * `POST /users/me/status`, with the server's checks in its order: something must change; an empty
 * emoji name clears the emoji; a named emoji is looked up and checked as for reactions; a code or
 * type without a name is refused (an empty one is ignored). `away` sets `presence_enabled` to its
 * opposite. Everyone who can see the user gets a `user_status` event with what was given.
 */
export function updateUserStatus(state: MockState, user: UserRecord, input: z.output<typeof UpdateStatusParams>): void {
  const given = checkedStatusText(input.status_text);
  const text = given === undefined ? undefined : pythonStrip(given);
  if (input.away === undefined && text === undefined && input.emoji_name === undefined) throw badRequest('Client did not pass any new values.');
  let emoji: Pick<UserStatusRecord, 'emoji_name' | 'emoji_code' | 'reaction_type'> | undefined;
  if (input.emoji_name === '') {
    emoji = { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  } else if (input.emoji_name !== undefined) {
    const looked = input.emoji_code === undefined || input.reaction_type === undefined ? emojiByName(state, input.emoji_name) : undefined;
    const emojiCode = input.emoji_code ?? looked?.emojiCode ?? '';
    const type = input.reaction_type === undefined ? (looked?.reactionType ?? '') : normalizeReactionType(input.reaction_type);
    const reactionType = checkEmojiRequest(state, input.emoji_name, { emojiCode, reactionType: type });
    emoji = { emoji_name: input.emoji_name, emoji_code: emojiCode, reaction_type: reactionType };
  } else if (input.emoji_code || input.reaction_type) {
    // Truthiness, as the server tests it: an empty code or type without a name changes nothing.
    throw badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  // The server changes the setting whenever `away` is given, with all its events, changed or not.
  if (input.away !== undefined) changeSetting(state, user, 'presence_enabled', !input.away);
  // Any update leaves the user a status row, empty or not, as the server's update_or_create does.
  const current = state.store.userStatuses.get(user.id) ?? EMPTY;
  state.store.userStatuses.set(user.id, { ...current, ...(text === undefined ? {} : { status_text: text }), ...emoji });
  state.events.record({
    kind: 'user_status_changed',
    userId: user.id,
    status: {
      ...(input.away === undefined ? {} : { away: input.away }),
      ...(text === undefined ? {} : { status_text: text }),
      ...(emoji ?? {}),
    },
  });
}
