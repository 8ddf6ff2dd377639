import { emojiByName } from '../domain/emoji/lookup';
import { ApiFailure } from '../domain/errors';
import { updateMessageFlags } from '../domain/flags/update-flags';
import { NO_MENTIONS, renderMessage } from '../domain/markdown/render';
import { mayRenderLater, NOT_YET_RENDERED } from '../domain/messages/rendered-content';
import { storeMessage } from '../domain/messages/store-message';
import { reactableMessageOrFail } from '../domain/reactions/access';
import { storeReaction } from '../domain/reactions/add';
import type { MockState } from '../domain/state';
import { normalizeTopicForSend } from '../domain/topics';
import type { MessageRecord } from '../store/store';
import { SeedError, userByEmailOrFail } from './errors';
import type { SeedData } from './schema';

type SeedMessageData = SeedData['messages'][number];

/**
 * When a seeded message was sent, in clock milliseconds. Message IDs are given in seed order and
 * grow with send times on the server (the store's send order relies on it too), so a message may
 * not be older than the one before it, nor newer than the clock's now.
 */
function sentAtMsOf(state: MockState, message: SeedMessageData, index: number, previousMs: number): number {
  const now = state.clock.now();
  if (message.timestamp === undefined) return now;
  const ms = Date.parse(message.timestamp);
  const field = `messages[${index}].timestamp`;
  if (ms > now) {
    throw new SeedError(`${field}: ${message.timestamp} is later than the realm clock's now (${new Date(now).toISOString()})`);
  }
  if (ms < previousMs) {
    throw new SeedError(
      `${field}: ${message.timestamp} is earlier than messages[${index - 1}] (${new Date(previousMs).toISOString()}): message IDs grow with send times, so seeded messages must be in time order`,
    );
  }
  return ms;
}

/** The users `read_by` names, or every user for `everyone` (their copies start read). */
function readersOf(state: MockState, message: SeedMessageData, index: number, everyone: () => ReadonlySet<number>): ReadonlySet<number> | undefined {
  if (message.read_by === 'everyone') return everyone();
  if (message.read_by.length === 0) return undefined;
  return new Set(message.read_by.map((email, readerIndex) => userByEmailOrFail(state.store, email, `messages[${index}].read_by[${readerIndex}]`).id));
}

/** Only a recipient's copy can have been read: naming anyone else is a mistake in the seed. */
function checkReaders(state: MockState, message: SeedMessageData, index: number, stored: MessageRecord): void {
  if (message.read_by === 'everyone') return;
  message.read_by.forEach((email, readerIndex) => {
    const reader = userByEmailOrFail(state.store, email, `messages[${index}].read_by[${readerIndex}]`);
    if (!state.store.userMessages.has(reader.id, stored.id)) {
      throw new SeedError(`messages[${index}].read_by[${readerIndex}]: '${email}' did not receive this message (only its recipients can have read it)`);
    }
  });
}

/** Stars it for each user, as `POST /messages/flags` would (a reader without a copy gets a historical one). */
function applyStars(state: MockState, message: SeedMessageData, index: number, stored: MessageRecord): void {
  message.starred_by.forEach((email, starIndex) => {
    const field = `messages[${index}].starred_by[${starIndex}]`;
    const user = userByEmailOrFail(state.store, email, field);
    try {
      updateMessageFlags(state, user, [stored.id], 'add', 'starred');
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      throw new SeedError(`${field}: '${email}' may not read this message, so cannot star it`);
    }
  });
}

/** Adds each reaction as `POST /messages/{id}/reactions` stores it, without following topics (like seeded sends). */
function applyReactions(state: MockState, message: SeedMessageData, index: number, stored: MessageRecord): void {
  message.reactions.forEach((reaction, reactionIndex) => {
    const field = `messages[${index}].reactions[${reactionIndex}]`;
    try {
      emojiByName(state, reaction.emoji_name);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      throw new SeedError(`${field}.emoji_name: ${error.msg} (name an active custom emoji of realm_emoji, 'zulip' or a unicode emoji)`);
    }
    reaction.by.forEach((email, byIndex) => {
      const byField = `${field}.by[${byIndex}]`;
      const user = userByEmailOrFail(state.store, email, byField);
      let reactable: MessageRecord;
      try {
        reactable = reactableMessageOrFail(state, user, stored.id);
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        throw new SeedError(`${byField}: '${email}' may not read this message, so cannot react to it`);
      }
      try {
        storeReaction(state, user, reactable, { message_id: stored.id, emoji_name: reaction.emoji_name });
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        throw new SeedError(`${byField}: '${email}' cannot react with '${reaction.emoji_name}': ${error.msg}`);
      }
    });
  });
}

/**
 * Stores the seed's messages in order, rendered and flagged like sent ones, each at its
 * `timestamp`, then applies who read, starred and reacted to it.
 */
export function insertMessages(state: MockState, seed: SeedData): void {
  const { store } = state;
  let everyone: ReadonlySet<number> | undefined;
  const allUsers = () => (everyone ??= new Set(store.tables.user.all().map((user) => user.id)));
  let previousMs = Number.NEGATIVE_INFINITY;
  seed.messages.forEach((message, index) => {
    const sender = userByEmailOrFail(store, message.sender, `messages[${index}].sender`);
    const sentAtMs = sentAtMsOf(state, message, index, previousMs);
    previousMs = sentAtMs;
    const readBy = readersOf(state, message, index, allUsers);
    // Rendered when first read where nothing could render differently by then (large seeds load fast).
    const later = mayRenderLater(state, message.content);
    const rendered = later ? { html: NOT_YET_RENDERED, mentions: NO_MENTIONS } : renderMessage(state, message.content, sender);
    const common = { sender, client: 'populate_db', content: message.content, readBySender: true, rendered, sentAtMs, readBy };
    let stored: MessageRecord;
    if ('channel' in message) {
      const channel = store.channelByName(message.channel);
      if (!channel)
        throw new SeedError(`messages[${index}].channel: no channel named '${message.channel}' in channels`);
      const topic = normalizeTopicForSend(state.realm, message.topic);
      stored = storeMessage(state, { ...common, destination: { type: 'stream', channel, topic } });
    } else {
      const userIds = message.to.map(
        (email, toIndex) => userByEmailOrFail(store, email, `messages[${index}].to[${toIndex}]`).id,
      );
      stored = storeMessage(state, { ...common, destination: { type: 'private', userIds } });
    }
    if (later) store.pendingRenders.add(stored.id);
    checkReaders(state, message, index, stored);
    applyStars(state, message, index, stored);
    applyReactions(state, message, index, stored);
  });
}
