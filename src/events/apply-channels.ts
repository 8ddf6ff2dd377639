import type { BasicChannel } from '../schemas/channel';
import type { ChatEvent, MessageEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';
import type { ApplyEventContext } from './unread';
import { registeredWith } from './capabilities';
import { withNotificationDefaults } from './notification-defaults';

type State = RegisterResponse;
type SubscriptionEvent = Extract<ChatEvent, { type: 'subscription' }>;
type StreamEvent = Extract<ChatEvent, { type: 'stream' }>;
type Entry = { readonly stream_id: number; readonly name: string } & Record<string, unknown>;

const SECTIONS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;

/** Fields of a subscription that are the user's own, not the channel's. */
const PERSONAL_FIELDS = [
  'subscribers',
  'partial_subscribers',
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'email_notifications',
  'push_notifications',
  'audible_notifications',
  'wildcard_mentions_notify',
];

function byName<T extends { readonly name: string }>(entries: T[]): T[] {
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function entriesOf(state: State, section: (typeof SECTIONS)[number] | 'streams'): Entry[] | undefined {
  return state[section] as Entry[] | undefined;
}

/**
 * The list of an entry that names its subscribers: `subscribers`, or `partial_subscribers` (a
 * large channel's, under `include_subscribers=partial`, from feature level 412); events change
 * whichever the entry has, as the server's reducer does.
 */
export function subscriberKey(entry: object): 'subscribers' | 'partial_subscribers' | undefined {
  const lists = entry as { subscribers?: unknown; partial_subscribers?: unknown };
  return Array.isArray(lists.subscribers) ? 'subscribers' : Array.isArray(lists.partial_subscribers) ? 'partial_subscribers' : undefined;
}

/**
 * Whether the state was registered with `include_subscribers`: `context.includeSubscribers`, else
 * a guess from the entries (the server then lists `subscribers`, or `partial_subscribers`, on
 * every entry, so any entry tells; a state without entries guesses no).
 */
function tracksSubscribers(state: State, context: ApplyEventContext | undefined): boolean {
  const given = context?.includeSubscribers;
  if (given !== undefined) return given !== false && given !== 'false';
  return SECTIONS.some((section) => entriesOf(state, section)?.some((entry) => subscriberKey(entry) !== undefined));
}

/** The entry with `userIds` added to or removed from the list naming its subscribers (`subscribers` when it has none). */
function withSubscribers(entry: Entry, userIds: readonly number[], add: boolean): Entry {
  const key = subscriberKey(entry) ?? 'subscribers';
  const known = (entry[key] as number[] | undefined) ?? [];
  const subscribers = add ? [...new Set([...known, ...userIds])].sort((a, b) => a - b) : known.filter((id) => !userIds.includes(id));
  return { ...entry, [key]: subscribers };
}

function withSection(state: State, section: (typeof SECTIONS)[number] | 'streams', entries: Entry[]): State {
  return { ...state, [section]: entries } as State;
}

/** Applies `change` to every entry for one of the channels, in every section the state holds. */
function mapChannels(state: State, streamIds: readonly number[], change: (entry: Entry) => Entry): State {
  let next = state;
  for (const section of [...SECTIONS, 'streams'] as const) {
    const entries = entriesOf(next, section);
    if (!entries?.some((entry) => streamIds.includes(entry.stream_id))) continue;
    next = withSection(next, section, byName(entries.map((entry) => (streamIds.includes(entry.stream_id) ? change(entry) : entry))));
  }
  return next;
}

function without(entries: Entry[] | undefined, streamIds: readonly number[]): Entry[] | undefined {
  return entries?.filter((entry) => !streamIds.includes(entry.stream_id));
}

function channelOnly(subscription: Entry): Entry {
  const copy: Record<string, unknown> = { ...subscription };
  for (const field of PERSONAL_FIELDS) delete copy[field];
  return copy as Entry;
}

/**
 * Whether the registration left archived channels out: it declared its capabilities (as the
 * context gives them) without `archived_channels`. The server still sends such a client the
 * subscription to an archived channel it joins, which a fresh registration would not list.
 */
function hidesArchived(state: State, context: ApplyEventContext | undefined): boolean {
  return registeredWith(state, context, 'archived_channels') === false;
}

/** From this level, archiving is a `stream` `update` of `is_archived` for clients with `archived_channels`. */
const ARCHIVING_UPDATES = 378;

/**
 * Whether a `stream` `delete` is read as archiving: below level 378 the server told every client
 * of an archived channel by `delete`, and for a registration with `archived_channels` (as the
 * context gives it) its reducer keeps the channel in `subscriptions`, `unsubscribed` and
 * `never_subscribed`, archived, and drops it from `streams` (which lists no archived channel then).
 */
export function deleteMeansArchiving(state: State, context: ApplyEventContext | undefined): boolean {
  return state.zulip_feature_level < ARCHIVING_UPDATES && registeredWith(state, context, 'archived_channels') === true;
}

function addSubscriptions(state: State, joined: readonly Entry[], context: ApplyEventContext | undefined): State {
  if (state.subscriptions === undefined) return state;
  const added = hidesArchived(state, context) ? joined.filter((entry) => entry.is_archived !== true) : joined;
  if (added.length === 0) return state;
  const ids = added.map((entry) => entry.stream_id);
  const tracks = tracksSubscribers(state, context);
  const incoming = added.map((entry) => {
    if (tracks) return withNotificationDefaults(state, { ...entry }, context);
    const { subscribers: _subscribers, partial_subscribers: _partial, ...rest } = entry;
    return withNotificationDefaults(state, rest as Entry, context);
  });
  let next: State = {
    ...state,
    subscriptions: byName([...(without(entriesOf(state, 'subscriptions'), ids) ?? []), ...incoming]),
  } as State;
  for (const section of ['unsubscribed', 'never_subscribed'] as const) {
    const entries = without(entriesOf(next, section), ids);
    if (entries) next = withSection(next, section, entries);
  }
  const streams = entriesOf(next, 'streams');
  if (streams) {
    const missing = added.filter((entry) => !streams.some((stream) => stream.stream_id === entry.stream_id));
    if (missing.length > 0) next = withSection(next, 'streams', byName([...streams, ...missing.map(channelOnly)]));
  }
  return next;
}

/**
 * The user left channels: each moves to `unsubscribed` without the user among its subscribers.
 * A channel the user may no longer see is then dropped by the `stream` `delete` the server sends
 * next (from Zulip 8.0), as for private channels without other access and public ones for guests.
 */
function removeSubscriptions(state: State, removedIds: readonly number[], userId: number | undefined): State {
  const current = entriesOf(state, 'subscriptions');
  if (current === undefined) return state;
  const moved = current
    .filter((entry) => removedIds.includes(entry.stream_id))
    .map((entry) => (subscriberKey(entry) && userId !== undefined ? withSubscribers(entry, [userId], false) : { ...entry }));
  let next = withSection(state, 'subscriptions', without(current, removedIds) ?? []);
  const unsubscribed = entriesOf(next, 'unsubscribed');
  if (unsubscribed) next = withSection(next, 'unsubscribed', byName([...without(unsubscribed, removedIds) ?? [], ...moved]));
  return next;
}

function changeSubscribers(state: State, streamIds: readonly number[], userIds: readonly number[], add: boolean, context: ApplyEventContext | undefined): State {
  const tracks = tracksSubscribers(state, context);
  let next = state;
  for (const section of SECTIONS) {
    const entries = entriesOf(next, section);
    if (!entries) continue;
    next = withSection(
      next,
      section,
      entries.map((entry) =>
        streamIds.includes(entry.stream_id) && (subscriberKey(entry) || (add && tracks)) ? withSubscribers(entry, userIds, add) : entry,
      ),
    );
  }
  return next;
}

/** Applies a `subscription` event to the `subscriptions`, `unsubscribed`, `never_subscribed` and `streams` state. */
export function applySubscriptionEvent(state: State, event: SubscriptionEvent, context?: ApplyEventContext): State {
  switch (event.op) {
    case 'add':
      return addSubscriptions(state, event.subscriptions as Entry[], context);
    case 'remove':
      return removeSubscriptions(state, event.subscriptions.map((entry) => entry.stream_id), context?.userId ?? state.user_id);
    case 'update': {
      // Servers before feature level 139 tell a mute only by `in_home_view`, its negation.
      const muted = event.property === 'in_home_view' && { is_muted: !event.value };
      return state.subscriptions === undefined
        ? state
        : withSection(
            state,
            'subscriptions',
            (entriesOf(state, 'subscriptions') ?? []).map((entry) =>
              entry.stream_id === event.stream_id ? withNotificationDefaults(state, { ...entry, [event.property]: event.value, ...muted }, context) : entry,
            ),
          );
    }
    case 'peer_add':
    case 'peer_remove':
      return changeSubscribers(state, event.stream_ids, event.user_ids, event.op === 'peer_add', context);
  }
}

function createChannels(state: State, channels: readonly BasicChannel[], context: ApplyEventContext | undefined): State {
  let next = state;
  const streams = entriesOf(next, 'streams');
  const fresh = (channels as readonly Entry[]).filter((channel) => !streams?.some((stream) => stream.stream_id === channel.stream_id));
  if (streams && fresh.length > 0) next = withSection(next, 'streams', byName([...streams, ...fresh.map((entry) => ({ ...entry }))]));
  const neverSubscribed = entriesOf(next, 'never_subscribed');
  if (!neverSubscribed) return next;
  const known = (id: number) => SECTIONS.some((section) => entriesOf(next, section)?.some((entry) => entry.stream_id === id));
  const unknown = (channels as readonly Entry[]).filter((channel) => !known(channel.stream_id));
  const tracks = tracksSubscribers(next, context);
  const added = unknown.map((channel) => (tracks ? { ...channel, subscribers: [] } : { ...channel }));
  return added.length > 0 ? withSection(next, 'never_subscribed', byName([...neverSubscribed, ...added])) : next;
}

/** Applies a `stream` event to the channel state sections. */
export function applyStreamEvent(state: State, event: StreamEvent, context?: ApplyEventContext): State {
  switch (event.op) {
    case 'create':
      return createChannels(state, event.streams, context);
    case 'delete': {
      // Servers before feature level 343 send only the deprecated `streams` objects.
      const streamIds = event.stream_ids ?? (event.streams ?? []).map((stream) => stream.stream_id);
      const archived = deleteMeansArchiving(state, context);
      let next = state;
      for (const section of [...SECTIONS, 'streams'] as const) {
        const entries =
          archived && section !== 'streams'
            ? entriesOf(next, section)?.map((entry) => (streamIds.includes(entry.stream_id) ? { ...entry, is_archived: true } : entry))
            : without(entriesOf(next, section), streamIds);
        if (entries) next = withSection(next, section, entries);
      }
      return next;
    }
    case 'update': {
      const extra = {
        ...(event.rendered_description === undefined ? {} : { rendered_description: event.rendered_description }),
        ...(event.history_public_to_subscribers === undefined
          ? {}
          : { history_public_to_subscribers: event.history_public_to_subscribers }),
        ...(event.is_web_public === undefined ? {} : { is_web_public: event.is_web_public }),
      };
      return mapChannels(state, [event.stream_id], (entry) => ({ ...entry, [event.property]: event.value, ...extra }));
    }
  }
}

/**
 * Whether the user has their own copy of a new message, as far as the state tells: a channel
 * message without flags (how a queue following all public channels, or a narrowed one, gets
 * messages of channels the user is not subscribed to, their own too: the server gives copies to
 * subscribers only) in a channel the state's `subscriptions` do not list has none. Without
 * `subscriptions`, nothing tells.
 */
export function hasCopy(state: State, event: MessageEvent): boolean {
  const { message } = event;
  if (message.type !== 'stream' || event.flags.length > 0 || state.subscriptions === undefined) return true;
  return state.subscriptions.some((subscription) => subscription.stream_id === message.stream_id);
}

/** A channel's first message, when the state did not know it had any (the server sends no event for it). */
export function applyFirstChannelMessage(state: State, event: MessageEvent): State {
  if (event.message.type !== 'stream') return state;
  const streamId = event.message.stream_id;
  const hasNoFirst = [...SECTIONS, 'streams'].some((section) =>
    entriesOf(state, section as 'streams')?.some((entry) => entry.stream_id === streamId && entry.first_message_id === null),
  );
  if (!hasNoFirst) return state;
  return mapChannels(state, [streamId], (entry) =>
    entry.first_message_id === null ? { ...entry, first_message_id: event.message.id } : entry,
  );
}
