import type { UserRecord } from '../../store/store';
import type { MessageFlag } from '../../store/user-messages';
import { EDITABLE_MESSAGE_FLAGS, type EditableMessageFlag, type MessageFlagOperation } from '../../../src/schemas/flags';
import { badRequest, INVALID_MESSAGE } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import { canRead } from '../messages/access';
import type { MockState } from '../state';
import { unreadEntries } from './unread';

/** Flags the API shows but only the server sets (`force_*` are retired flags, never set). */
const NOT_EDITABLE = new Set([
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'group_mentioned',
  'has_alert_word',
  'historical',
  'force_expand',
  'force_collapse',
]);

const EDITABLE: ReadonlySet<string> = new Set(EDITABLE_MESSAGE_FLAGS);

/** A message the user has no copy of reads as having exactly these flags. */
const HISTORICAL_FLAGS: readonly MessageFlag[] = ['read', 'historical'];

function isEditable(flag: string): flag is EditableMessageFlag {
  return EDITABLE.has(flag);
}

/** An accepted `flag`/`op` pair. */
interface FlagUpdate {
  readonly flag: EditableMessageFlag;
  readonly op: MessageFlagOperation;
}

/**
 * Checks `flag` and `op` in the server's order: a flag the API does not have (the synthetic
 * `wildcard_mentioned` and the server's internal flags included), then a flag only the server
 * sets, then the operation.
 */
function checkFlagUpdate(flag: string, op: string): FlagUpdate {
  if (!isEditable(flag)) {
    throw badRequest(NOT_EDITABLE.has(flag) ? `Flag not editable: '${flag}'` : `Invalid flag: '${flag}'`);
  }
  if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
  return { flag, op };
}

/** What an update changed. */
export interface FlagUpdateResult {
  /** The IDs whose flag changed, in request order, each once (the answer's `messages`). */
  readonly changed: number[];
  /** Removing `read` only: channels skipped because the user is not subscribed, ascending. */
  readonly ignoredChannels?: number[];
}

/** Drops messages of channels the user is not subscribed to; returns the kept IDs and those channels. */
function withoutUnsubscribedChannels(
  state: MockState,
  user: UserRecord,
  messageIds: readonly number[],
): { kept: number[]; ignoredChannels: number[] } {
  const ignored = new Set<number>();
  const kept = messageIds.filter((id) => {
    const channelId = state.store.tables.message.get(id)?.channel_id ?? null;
    if (channelId === null || state.store.isSubscribed(user.id, channelId)) return true;
    ignored.add(channelId);
    return false;
  });
  return { kept, ignoredChannels: [...ignored].sort((a, b) => a - b) };
}

/**
 * Adds or removes one of the user-editable flags on the user's messages, as the server does:
 * IDs already in the requested state are skipped; a message without a copy reads as `read` and
 * `historical`, and changing it gives the user a `historical` copy, which requires that the user
 * may read it (any inaccessible or unknown ID fails the whole request before anything changes);
 * marking messages unread skips channels the user is not subscribed to. Records the
 * `update_message_flags` change, even when nothing changed; its `messages` keeps an ID the request
 * repeats as often as it is repeated, as the server filters the request's list without
 * deduplicating it. Takes plain IDs so that the narrow variant of the operation can reuse it.
 * Below {@link LEVEL.flagEventsChangedOnly} the event lists every requested message the update
 * applies to, changed or not (when marking read, those with a copy), and every such message without
 * a copy gets one, but when marking read.
 */
export function updateMessageFlags(
  state: MockState,
  user: UserRecord,
  messageIds: readonly number[],
  opText: string,
  flagText: string,
): FlagUpdateResult {
  const { flag, op } = checkFlagUpdate(flagText, opText);
  const copies = state.store.userMessages;
  const adding = op === 'add';
  const unique = [...new Set(messageIds)];
  const marksUnread = flag === 'read' && !adding;
  const { kept, ignoredChannels } = marksUnread
    ? withoutUnsubscribedChannels(state, user, unique)
    : { kept: unique, ignoredChannels: undefined };
  const changed = kept.filter((id) => {
    const current = copies.has(user.id, id) ? copies.hasFlag(user.id, id, flag) : HISTORICAL_FLAGS.includes(flag);
    return current !== adding;
  });
  const listsUnchanged = !hasLevel(state, LEVEL.flagEventsChangedOnly);
  const marksRead = flag === 'read' && adding;
  // Below the level every message without a copy gets one, but when marking read (changed or not).
  const withoutCopy = (listsUnchanged && !marksRead ? kept : changed).filter((id) => !copies.has(user.id, id));
  for (const id of withoutCopy) {
    const message = state.store.tables.message.get(id);
    if (!message || !canRead(state, user, message)) throw badRequest(INVALID_MESSAGE);
  }
  // The new copies start as the message read before (read, historical); the loop below sets the flag.
  for (const id of withoutCopy) copies.add(user.id, id, HISTORICAL_FLAGS);
  const keptIds = new Set(kept);
  const changedIds = new Set(changed);
  const eventIds = listsUnchanged
    ? messageIds.filter((id) => keptIds.has(id) && (!marksRead || copies.has(user.id, id)))
    : messageIds.filter((id) => changedIds.has(id));
  for (const id of changed) copies.setFlag(user.id, id, flag, adding);
  state.events.record({
    kind: 'message_flags_changed',
    userId: user.id,
    op,
    flag,
    messageIds: eventIds,
    all: false,
    unreadDetails: marksUnread ? unreadEntries(state, user, listsUnchanged ? kept : changed) : undefined,
  });
  return ignoredChannels === undefined ? { changed } : { changed, ignoredChannels };
}
