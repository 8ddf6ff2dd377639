import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent, MessageEvent, UnreadMessageDetails, UpdateMessageFlagsEvent } from '../schemas/events';
import type { UnreadMessages } from '../schemas/unread';

type State = RegisterResponse;

/** What {@link applyEvent} may need to know beyond the state. */
export interface ApplyEventContext {
  /**
   * Your own user ID. Keeping `unread_msgs` for direct messages needs it (a state registered
   * with `realm_user` carries it as `user_id`, which is used otherwise).
   */
  readonly userId?: number;
  /**
   * The registration's `client_gravatar` (absent: true, the server's default). The server sends
   * avatar changes with whole URLs; with it, a Gravatar of a user whose address everyone may see
   * is kept null in `realm_users`, as a fresh registration shows it.
   */
  readonly clientGravatar?: boolean;
  /**
   * The `client_capabilities` the state was registered with. Without `linkifier_url_template`
   * (the server's default, and `client.events.register`'s) the state's `realm_linkifiers` is empty
   * and stays so: the server sends `realm_linkifiers` events to such clients anyway, and its own
   * reducer ignores them, as `applyEvent` does when given these capabilities (without them it
   * applies every `realm_linkifiers` event). With `user_list_incomplete`, a `realm_user` `remove`
   * drops the user instead of leaving an "Unknown user" placeholder. A capability newer than the
   * state's `zulip_feature_level` counts as absent: that server ignored it (and before
   * `linkifier_url_template`'s level, 176, every registration has the whole list).
   */
  readonly clientCapabilities?: { readonly linkifier_url_template?: boolean | undefined; readonly [capability: string]: boolean | undefined } | undefined;
  /**
   * What the server's "Unknown user" placeholder (of a user a limited guest may not see) holds,
   * for a `realm_user` `remove` when the state has no placeholder to copy: `emailDomain`, the host
   * part of its `user{id}@` address (the registration's `realm_bot_domain`), and `avatarUrl`, the
   * server's `unknown-user-avatar.png` static URL, which a production server names with a
   * content hash (a placeholder of `GET /users` or a message's "Unknown user" sender shows it).
   */
  readonly inaccessibleUser?: { readonly emailDomain?: string | undefined; readonly avatarUrl?: string | undefined } | undefined;
  /**
   * The realm's custom profile fields (their `id` and `type`, as `GET /realm/profile_fields` lists
   * them), for a state registered without `custom_profile_fields`: a text field's empty value
   * arrives without `rendered_value`, which the registration lists as `""`.
   */
  readonly customProfileFields?: readonly { readonly id: number; readonly type: number }[] | undefined;
  /**
   * The registration's `include_subscribers`, as given to it. Without it, whether channel entries list their
   * subscribers is guessed from the state's entries, which a state without any (no channel
   * subscribed or visible) cannot tell: a `subscription` `add` then loses its `subscribers`.
   */
  readonly includeSubscribers?: boolean | 'true' | 'false' | 'partial' | undefined;
  /**
   * The channels you muted, for a state registered without `subscription` (whose `subscriptions`
   * say it with `is_muted`): the server leaves their messages out of `unread_msgs.count` (and their
   * wildcard mentions out of `mentions`) whatever was registered, and `unread_msgs` itself does not
   * say which channels are muted. The state's `subscriptions`, when it has them, win. Neither given:
   * no channel counts as muted. Kept as you give it: keep it current, or register with `subscription`.
   */
  readonly mutedChannelIds?: readonly number[] | undefined;
  /**
   * Your topic visibility policies (`user_topics` as the registration lists them), for a state
   * registered without `user_topic`, for the same reason; the state's `user_topics` win.
   */
  readonly userTopics?: readonly { readonly stream_id: number; readonly topic_name: string; readonly visibility_policy: number }[] | undefined;
}

/** The conversation an unread message is grouped under. */
type Conversation =
  | { readonly kind: 'pm'; readonly otherUserId: number }
  | { readonly kind: 'huddle'; readonly userIdsString: string }
  | { readonly kind: 'stream'; readonly streamId: number; readonly topic: string };

interface NewUnread {
  readonly id: number;
  readonly conversation: Conversation;
  /** Whether it counts in `count` (not a muted channel message). */
  readonly counted: boolean;
  readonly mentioned: boolean;
}

const UNMUTED = 2;
const FOLLOWED = 3;
const MUTED = 1;

function ownUserId(state: State, context: ApplyEventContext | undefined): number {
  const fromState = (state as Record<string, unknown>).user_id;
  const id = context?.userId ?? (typeof fromState === 'number' ? fromState : undefined);
  if (id === undefined) {
    throw new Error(
      'applyEvent: keeping unread_msgs for direct messages needs your own user ID; pass { userId } as the third argument, or register with the realm_user event type (its state has user_id)',
    );
  }
  return id;
}

function sameTopic(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

type Context = ApplyEventContext | undefined;

function isChannelMuted(state: State, streamId: number, context: Context): boolean {
  const subscriptions = (state as Record<string, unknown>).subscriptions;
  if (!Array.isArray(subscriptions)) return context?.mutedChannelIds?.includes(streamId) === true;
  return subscriptions.some((entry: unknown) => {
    const subscription = entry as { stream_id?: unknown; is_muted?: unknown } | null;
    return subscription?.stream_id === streamId && subscription.is_muted === true;
  });
}

/** Whether a channel topic counts as not muted: by the state's `subscriptions` and `user_topics`, else the context's. */
function isUnmuted(state: State, streamId: number, topic: string, context: Context): boolean {
  const policy =
    (state.user_topics ?? context?.userTopics)?.find((entry) => entry.stream_id === streamId && sameTopic(entry.topic_name, topic))
      ?.visibility_policy ?? 0;
  if (isChannelMuted(state, streamId, context)) return policy === UNMUTED || policy === FOLLOWED;
  return policy !== MUTED;
}

function withId(ids: readonly number[], id: number): number[] {
  if (ids.includes(id)) return [...ids];
  return [...ids, id].sort((a, b) => a - b);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function holds(unread: UnreadMessages, id: number): boolean {
  return [...unread.pms, ...unread.streams, ...unread.huddles].some((bucket) => bucket.unread_message_ids.includes(id));
}

/** Adds one unread message where the server's fresh state would list it. */
function addUnread(unread: UnreadMessages, entry: NewUnread): UnreadMessages {
  if (holds(unread, entry.id)) return unread;
  const { id, conversation } = entry;
  const next = {
    ...unread,
    count: unread.count + (entry.counted ? 1 : 0),
    mentions: entry.mentioned ? withId(unread.mentions, id) : unread.mentions,
  };
  switch (conversation.kind) {
    case 'pm': {
      const other = conversation.otherUserId;
      const existing = unread.pms.find((bucket) => bucket.other_user_id === other);
      const pms = existing
        ? unread.pms.map((bucket) => (bucket === existing ? { ...bucket, unread_message_ids: withId(bucket.unread_message_ids, id) } : bucket))
        : [...unread.pms, { other_user_id: other, sender_id: other, unread_message_ids: [id] }];
      return { ...next, pms: pms.sort((a, b) => a.other_user_id - b.other_user_id) };
    }
    case 'huddle': {
      const key = conversation.userIdsString;
      const existing = unread.huddles.find((bucket) => bucket.user_ids_string === key);
      const huddles = existing
        ? unread.huddles.map((bucket) => (bucket === existing ? { ...bucket, unread_message_ids: withId(bucket.unread_message_ids, id) } : bucket))
        : [...unread.huddles, { user_ids_string: key, unread_message_ids: [id] }];
      return { ...next, huddles: huddles.sort((a, b) => compareText(a.user_ids_string, b.user_ids_string)) };
    }
    case 'stream': {
      const { streamId, topic } = conversation;
      const existing = unread.streams.find((bucket) => bucket.stream_id === streamId && sameTopic(bucket.topic, topic));
      // The oldest message of a topic names it, as in the server's grouping.
      const streams = existing
        ? unread.streams.map((bucket) =>
            bucket === existing
              ? {
                  ...bucket,
                  topic: id < (bucket.unread_message_ids[0] ?? Infinity) ? topic : bucket.topic,
                  unread_message_ids: withId(bucket.unread_message_ids, id),
                }
              : bucket,
          )
        : [...unread.streams, { stream_id: streamId, topic, unread_message_ids: [id] }];
      return {
        ...next,
        streams: streams.sort(
          (a, b) => a.stream_id - b.stream_id || compareText(a.topic.toLowerCase(), b.topic.toLowerCase()),
        ),
      };
    }
  }
}

/** Removes one message from the unread state, wherever it is. */
function removeUnread(state: State, unread: UnreadMessages, id: number, context: Context): UnreadMessages {
  if (!holds(unread, id)) return unread;
  const without = <Bucket extends { unread_message_ids: number[] }>(buckets: readonly Bucket[]): Bucket[] =>
    buckets
      .map((bucket) =>
        bucket.unread_message_ids.includes(id)
          ? { ...bucket, unread_message_ids: bucket.unread_message_ids.filter((other) => other !== id) }
          : bucket,
      )
      .filter((bucket) => bucket.unread_message_ids.length > 0);
  const channelBucket = unread.streams.find((bucket) => bucket.unread_message_ids.includes(id));
  const counted = channelBucket === undefined || isUnmuted(state, channelBucket.stream_id, channelBucket.topic, context);
  return {
    ...unread,
    count: unread.count - (counted ? 1 : 0),
    pms: without(unread.pms),
    streams: without(unread.streams),
    huddles: without(unread.huddles),
    mentions: unread.mentions.filter((other) => other !== id),
  };
}

function huddleKey(userIds: readonly number[]): string {
  return [...new Set(userIds)].sort((a, b) => a - b).join(',');
}

/** A new message that arrived unread: added to `unread_msgs`. */
export function unreadAfterMessage(state: State, event: MessageEvent, context?: ApplyEventContext): State {
  const unread = state.unread_msgs;
  if (unread === undefined || event.flags.includes('read')) return state;
  const { message, flags } = event;
  const wildcard = flags.includes('stream_wildcard_mentioned') || flags.includes('topic_wildcard_mentioned');
  let conversation: Conversation;
  let counted = true;
  if (message.type === 'stream') {
    const streamId = message.stream_id;
    conversation = { kind: 'stream', streamId, topic: message.subject };
    counted = isUnmuted(state, streamId, message.subject, context);
  } else {
    const participants = message.display_recipient.map((user) => user.id);
    const unique = [...new Set(participants)];
    if (unique.length > 2) conversation = { kind: 'huddle', userIdsString: huddleKey(unique) };
    else if (unique.length === 1) conversation = { kind: 'pm', otherUserId: unique[0] ?? -1 };
    else {
      const self = ownUserId(state, context);
      conversation = { kind: 'pm', otherUserId: unique.find((id) => id !== self) ?? self };
    }
  }
  const mentioned = flags.includes('mentioned') || (wildcard && counted);
  return { ...state, unread_msgs: addUnread(unread, { id: message.id, conversation, counted, mentioned }) };
}

function conversationOfDetails(
  state: State,
  details: UnreadMessageDetails,
  context: ApplyEventContext | undefined,
): { conversation: Conversation; counted: boolean } {
  if (details.type === 'stream') {
    const counted = details.unmuted_stream_msg ?? isUnmuted(state, details.stream_id, details.topic, context);
    return { conversation: { kind: 'stream', streamId: details.stream_id, topic: details.topic }, counted };
  }
  if (details.user_ids.length === 1) return { conversation: { kind: 'pm', otherUserId: details.user_ids[0] ?? -1 }, counted: true };
  const self = ownUserId(state, context);
  const others = details.user_ids.filter((id) => id !== self);
  if (others.length === 0) return { conversation: { kind: 'pm', otherUserId: self }, counted: true };
  if (others.length === 1) return { conversation: { kind: 'pm', otherUserId: others[0] ?? self }, counted: true };
  return { conversation: { kind: 'huddle', userIdsString: huddleKey([...others, self]) }, counted: true };
}

/** `read` added (messages read, or everything with `all`) or removed (messages unread again). */
export function unreadAfterFlags(state: State, event: UpdateMessageFlagsEvent, context?: ApplyEventContext): State {
  const unread = state.unread_msgs;
  if (unread === undefined || event.flag !== 'read') return state;
  if (event.op === 'add' && event.all) {
    return { ...state, unread_msgs: { ...unread, count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false } };
  }
  if (event.op === 'add') {
    return { ...state, unread_msgs: event.messages.reduce((current, id) => removeUnread(state, current, id, context), unread) };
  }
  let next = unread;
  for (const [idText, details] of Object.entries(event.message_details ?? {})) {
    const { conversation, counted } = conversationOfDetails(state, details, context);
    next = addUnread(next, { id: Number(idText), conversation, counted, mentioned: details.mentioned === true });
  }
  return { ...state, unread_msgs: next };
}

/** Muting or unmuting a topic moves its unread messages out of or into `count`. */
export function unreadAfterUserTopic(
  before: State,
  after: State,
  event: Extract<ChatEvent, { type: 'user_topic' }>,
  context?: ApplyEventContext,
): State {
  const unread = after.unread_msgs;
  if (unread === undefined) return after;
  const wasUnmuted = isUnmuted(before, event.stream_id, event.topic_name, context);
  const nowUnmuted = isUnmuted(after, event.stream_id, event.topic_name, context);
  if (wasUnmuted === nowUnmuted) return after;
  const inTopic = unread.streams
    .filter((bucket) => bucket.stream_id === event.stream_id && sameTopic(bucket.topic, event.topic_name))
    .reduce((sum, bucket) => sum + bucket.unread_message_ids.length, 0);
  return { ...after, unread_msgs: { ...unread, count: unread.count + (nowUnmuted ? inTopic : -inTopic) } };
}

/** Deleted messages leave `unread_msgs`. */
export function unreadAfterDelete(state: State, event: Extract<ChatEvent, { type: 'delete_message' }>, context?: ApplyEventContext): State {
  const unread = state.unread_msgs;
  if (unread === undefined) return state;
  const ids = event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id]);
  return { ...state, unread_msgs: ids.reduce((current, id) => removeUnread(state, current, id, context), unread) };
}

function channelBucketOf(unread: UnreadMessages, id: number): UnreadMessages['streams'][number] | undefined {
  return unread.streams.find((bucket) => bucket.unread_message_ids.includes(id));
}

/**
 * Whether the state's subscriptions show the user outside a channel messages moved to: the server
 * then takes away their copies (a private channel's move also deletes them by event). Without a
 * `subscriptions` section, nothing tells.
 */
function leftOutOf(state: State, channelId: number): boolean {
  return state.subscriptions !== undefined && !state.subscriptions.some((subscription) => subscription.stream_id === channelId);
}

/**
 * The topic a channel-only move leaves its messages in, as a fresh registration names their
 * bucket (after its oldest message's own topic): the edited message's `orig_subject` when it is
 * the oldest moved (one message, or it and later ones), else the bucket's name.
 */
function movedTopicName(event: Extract<ChatEvent, { type: 'update_message' }>, bucketTopic: string): string {
  return event.propagate_mode !== 'change_all' && event.orig_subject !== undefined ? event.orig_subject : bucketTopic;
}

/**
 * The edited message moved into a channel you are subscribed to from one the state does not show
 * (you left it): unread by its flags, it joins `unread_msgs`, as a fresh registration lists it.
 * Only the edited message's flags come with the event; other messages moved with it stay out.
 */
function unreadFromOutside(state: State, unread: UnreadMessages, event: Extract<ChatEvent, { type: 'update_message' }>, context: Context): UnreadMessages {
  const id = event.message_id;
  const streamId = event.new_stream_id;
  if (streamId === undefined || holds(unread, id) || event.flags.includes('read') || !event.message_ids.includes(id)) return unread;
  if (state.subscriptions === undefined || leftOutOf(state, streamId)) return unread;
  const topic = event.subject ?? event.orig_subject;
  if (topic === undefined) return unread;
  const counted = isUnmuted(state, streamId, topic, context);
  const wildcard = event.flags.includes('stream_wildcard_mentioned') || event.flags.includes('topic_wildcard_mentioned');
  const mentioned = event.flags.includes('mentioned') || (wildcard && counted);
  return addUnread(unread, { id, conversation: { kind: 'stream', streamId, topic }, counted, mentioned });
}

/**
 * Unread messages follow a move to their new channel or topic; a content edit that adds or
 * removes a mention of you adds the message to, or removes it from, `mentions`.
 */
export function unreadAfterUpdateMessage(state: State, event: Extract<ChatEvent, { type: 'update_message' }>, context?: ApplyEventContext): State {
  let unread = state.unread_msgs;
  if (unread === undefined) return state;
  const moved = event.new_stream_id !== undefined || event.subject !== undefined;
  if (moved) {
    const keepsCopies = event.new_stream_id === undefined || !leftOutOf(state, event.new_stream_id);
    for (const id of event.message_ids) {
      const bucket = channelBucketOf(unread, id);
      if (!bucket) continue;
      const mentioned = unread.mentions.includes(id);
      const streamId = event.new_stream_id ?? bucket.stream_id;
      const topic = event.subject ?? movedTopicName(event, bucket.topic);
      unread = removeUnread(state, unread, id, context);
      if (!keepsCopies) continue;
      const conversation: Conversation = { kind: 'stream', streamId, topic };
      unread = addUnread(unread, { id, conversation, counted: isUnmuted(state, streamId, topic, context), mentioned });
    }
    unread = unreadFromOutside(state, unread, event, context);
  }
  if (event.content !== undefined && holds(unread, event.message_id)) {
    const bucket = channelBucketOf(unread, event.message_id);
    const counted = bucket === undefined || isUnmuted(state, bucket.stream_id, bucket.topic, context);
    const wildcard = event.flags.includes('stream_wildcard_mentioned') || event.flags.includes('topic_wildcard_mentioned');
    const mentioned = event.flags.includes('mentioned') || (wildcard && counted);
    const others = unread.mentions.filter((id) => id !== event.message_id);
    const mentions = mentioned ? [...others, event.message_id].sort((a, b) => a - b) : others;
    unread = { ...unread, mentions };
  }
  return { ...state, unread_msgs: unread };
}

type SubscriptionChange = Extract<ChatEvent, { type: 'subscription' }>;

/**
 * Keeps `unread_msgs` in step with subscriptions: leaving a channel drops its unread messages
 * from the state (the server lists only subscribed channels' messages); muting or unmuting a
 * channel moves its unread messages out of or into `count`. Rejoining cannot bring them back:
 * no event carries them.
 */
export function unreadAfterSubscription(before: State, after: State, event: SubscriptionChange, context?: ApplyEventContext): State {
  const unread = after.unread_msgs;
  if (!unread) return after;
  if (event.op === 'remove') {
    const ids = event.subscriptions.map((entry) => entry.stream_id);
    const dropped = unread.streams.filter((bucket) => ids.includes(bucket.stream_id));
    if (dropped.length === 0) return after;
    const droppedIds = new Set(dropped.flatMap((bucket) => bucket.unread_message_ids));
    const uncounted = dropped
      .filter((bucket) => isUnmuted(before, bucket.stream_id, bucket.topic, context))
      .reduce((total, bucket) => total + bucket.unread_message_ids.length, 0);
    return {
      ...after,
      unread_msgs: {
        ...unread,
        count: unread.count - uncounted,
        streams: unread.streams.filter((bucket) => !ids.includes(bucket.stream_id)),
        mentions: unread.mentions.filter((id) => !droppedIds.has(id)),
      },
    };
  }
  // Muting is `is_muted`, and `in_home_view` (its negation) too, alone below feature level 139.
  if (event.op !== 'update' || (event.property !== 'is_muted' && event.property !== 'in_home_view')) return after;
  let delta = 0;
  for (const bucket of unread.streams) {
    if (bucket.stream_id !== event.stream_id) continue;
    const was = isUnmuted(before, bucket.stream_id, bucket.topic, context);
    const now = isUnmuted(after, bucket.stream_id, bucket.topic, context);
    if (was !== now) delta += (now ? 1 : -1) * bucket.unread_message_ids.length;
  }
  return delta === 0 ? after : { ...after, unread_msgs: { ...unread, count: unread.count + delta } };
}
