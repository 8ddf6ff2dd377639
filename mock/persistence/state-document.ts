import type { MessageFlag } from '../store/user-messages';
import { renderPendingMessages } from '../domain/messages/rendered-content';
import type { ModelName, RecordOf } from '../store/models';
import type { PresenceRow } from '../store/presence';
import type { ReactionRecord } from '../store/reactions';
import type { LinkifierRecord } from '../store/linkifiers';
import type { IdKind } from '../store/ids';
import type { MockState, RealmSettings } from '../domain/state';
import type { UserStatusRecord } from '../store/store';
import type { AvatarImagesDocument } from '../store/avatar-images';
import { base64Of } from './base64';

/** The format name every state document carries. */
export const STATE_FORMAT = 'teamchat-mock-state';
/**
 * The version of the format this mock writes. Version 2: the realm's `send_channel_events_messages`
 * is obeyed (a version 1 document's mock posted channel event notices whatever it said). It
 * reads {@link READABLE_STATE_VERSIONS}.
 */
export const STATE_VERSION = 2;

/**
 * The versions this mock loads, older ones upgraded on the way in.
 *
 * @example
 * import { readFileSync } from 'node:fs';
 * const loadable = READABLE_STATE_VERSIONS.includes(JSON.parse(readFileSync('realm.json', 'utf8')).version);
 */
export const READABLE_STATE_VERSIONS: readonly number[] = [1, STATE_VERSION];

/**
 * A realm's whole content as JSON: settings, every record, every user's copies and flags,
 * reactions, alert words, linkifiers, settings, presence and uploaded files (base64). Event queues,
 * the journal, injected faults and rate-limit counters are not part of it.
 */
export interface StateDocument {
  readonly format: typeof STATE_FORMAT;
  readonly version: typeof STATE_VERSION;
  /** When it was taken, on the realm's clock (milliseconds). */
  readonly takenAt: number;
  readonly realm: RealmSettings;
  readonly ids: [IdKind, number][];
  readonly tables: { readonly [Name in ModelName]: RecordOf<Name>[] };
  /** Per user: `[messageId, flags]` of each copy. */
  readonly userMessages: [number, [number, MessageFlag[]][]][];
  readonly reactions: [number, ReactionRecord[]][];
  readonly alertWords: [number, string[]][];
  readonly linkifiers: LinkifierRecord[];
  readonly userSettings: [number, Record<string, unknown>][];
  readonly lastActiveAt: [number, number][];
  readonly presences: { readonly rows: [number, PresenceRow][]; readonly lastUpdateId: number };
  /** Users' statuses, by user ID (absent from documents written before statuses existed). */
  readonly userStatuses?: [number, UserStatusRecord][];
  /** Per user, the users they muted with when (absent from older documents). */
  readonly mutedUsers?: [number, [number, number][]][];
  /** Per account created in the mock, the onboarding steps it has seen (absent from older documents). */
  readonly onboardingStepsSeen?: [number, string[]][];
  /** Uploaded files' bytes, base64, by attachment ID. */
  readonly files: [number, string][];
  /** Uploaded avatars, the organization's icon and logos (absent from older documents: none uploaded). */
  readonly avatarImages?: AvatarImagesDocument;
}

/** A deep copy of the realm's content as a {@link StateDocument}. */
export function exportState(state: MockState): StateDocument {
  // The document holds every message's HTML: messages still waiting for it are rendered now.
  renderPendingMessages(state);
  const { store } = state;
  const tables = Object.fromEntries(
    Object.entries(store.tables).map(([name, table]) => [name, table.all().map((record) => structuredClone(record))]),
  ) as unknown as StateDocument['tables'];
  const users = store.tables.user.all();
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    takenAt: state.clock.now(),
    realm: structuredClone(state.realm),
    ids: store.ids.entries(),
    tables,
    userMessages: users.map((user) => [user.id, store.userMessages.messageIds(user.id).map((id) => [id, store.userMessages.flags(user.id, id) ?? []])]),
    reactions: store.tables.message.all().flatMap((message) => {
      const reactions = store.reactions.of(message.id);
      return reactions.length > 0 ? [[message.id, reactions.map((reaction) => ({ ...reaction }))] as [number, ReactionRecord[]]] : [];
    }),
    alertWords: users.flatMap((user) => {
      const words = store.alertWords.of(user.id);
      return words.length > 0 ? [[user.id, [...words]] as [number, string[]]] : [];
    }),
    linkifiers: store.linkifiers.all().map((linkifier) => ({ ...linkifier })),
    userSettings: [...store.userSettings].map(([userId, settings]) => [userId, structuredClone(settings)]),
    lastActiveAt: [...store.lastActiveAt],
    mutedUsers: [...store.mutedUsers].map(([userId, muted]) => [userId, [...muted]]),
    onboardingStepsSeen: [...store.onboardingStepsSeen].map(([userId, seen]) => [userId, [...seen]]),
    userStatuses: [...store.userStatuses].map(([userId, status]) => [userId, { ...status }]),
    presences: { rows: [...store.presences.entries()].map(([userId, row]) => [userId, { ...row }]), lastUpdateId: store.presences.lastUpdateId },
    files: store.tables.attachment.all().flatMap((record) => {
      const bytes = store.attachments.bytesOf(record.id);
      return bytes ? [[record.id, base64Of(bytes)] as [number, string]] : [];
    }),
    avatarImages: store.avatarImages.toDocument(),
  };
}
