import type { RegisterResponse } from '../schemas/event-queue';
import { applyFirstChannelMessage, applyStreamEvent, applySubscriptionEvent } from './apply-channels';
import type { ChatEvent } from '../schemas/events';
import { withoutDeactivatedUser } from './apply-deactivation';
import { topicsAfterArchiving } from './apply-archived-topics';
import { starredAfterDelete, starredAfterFlags } from './apply-starred';
import { recentConversationsAfterMessage } from './apply-recent-conversations';
import { applyRealmUser, withoutDeletedProfileFields } from './apply-realm-user';
import { applyUserGroupEvent } from './apply-user-groups';
import { applyBotEmailChange, applyRealmBotEvent } from './apply-realm-bots';
import { applyRealmEvent } from './apply-realm';
import { applySavedSnippets } from './apply-saved-snippets';
import { applyPushDevice } from './apply-push-devices';
import { applyNavigationView } from './apply-navigation-views';
import { applyChannelFolders } from './apply-channel-folders';
import { applyScheduledMessages } from './apply-scheduled-messages';
import { applyReminders } from './apply-reminders';
import { withOwnPermissions } from './apply-own-permissions';
import { registeredWith, serverKnowsCapability } from './capabilities';
import {
  type ApplyEventContext,
  unreadAfterDelete,
  unreadAfterFlags,
  unreadAfterMessage,
  unreadAfterSubscription,
  unreadAfterUpdateMessage,
  unreadAfterUserTopic,
} from './unread';

export type { ApplyEventContext } from './unread';

/** A registered initial state, as `POST /register` answered it and events keep it current. */
export type RegisteredState = RegisterResponse;

/** The state with `key` replaced by a copy of `value`, when the state holds that section. */
function replaced(state: RegisteredState, key: keyof RegisteredState, value: unknown): RegisteredState {
  return key in state ? { ...state, [key]: structuredClone(value) } : state;
}

/**
 * A restart leaves the queue and the realm as they were; the server's own reducer ignores it. The
 * state's description of the server follows it, so that it reads as a fresh registration would.
 */
function applyRestart(state: RegisteredState, event: Extract<ChatEvent, { type: 'restart' }>): RegisteredState {
  const next: RegisteredState = { ...state, zulip_feature_level: event.zulip_feature_level, zulip_version: event.zulip_version };
  if (event.zulip_merge_base !== undefined) next.zulip_merge_base = event.zulip_merge_base;
  if ('server_generation' in state) (next as { server_generation?: number }).server_generation = event.server_generation;
  return next;
}

/**
 * What the caller's own new role takes away, as a fresh registration shows it: a guest has no
 * default channels or groups, and someone who is not an administrator sees only the bots they own.
 * What a role gives, the server reads from its database: becoming an administrator needs every
 * bot of the realm, and leaving the guest role the default channels and groups (register again).
 */
function withOwnRole(state: RegisteredState, role: number | undefined, userId: number): RegisteredState {
  let next = state;
  // Roles: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest.
  if (role === 600) next = replaced(replaced(next, 'realm_default_streams', []), 'realm_default_stream_groups', []);
  if (role !== undefined && role > 200 && next.realm_bots) next = { ...next, realm_bots: next.realm_bots.filter((bot) => bot.owner_id === userId) };
  return next;
}

type UserTopicEntry = NonNullable<RegisteredState['user_topics']>[number];

function sameTopic(entry: UserTopicEntry, streamId: number, topicName: string): boolean {
  return entry.stream_id === streamId && entry.topic_name.toLowerCase() === topicName.toLowerCase();
}

type DraftEntry = NonNullable<RegisteredState['drafts']>[number];

/** The register order: most recently edited first (the server keeps fractions of seconds; ties: newest draft). */
function byRecentEdit(a: DraftEntry, b: DraftEntry): number {
  return b.timestamp - a.timestamp || b.id - a.id;
}

function applyDrafts(state: RegisteredState, event: Extract<ChatEvent, { type: 'drafts' }>): RegisteredState {
  if (state.drafts === undefined) return state;
  const changed = event.op === 'add' ? event.drafts : event.op === 'update' ? [event.draft] : [];
  const removed = new Set([...changed.map((draft) => draft.id), ...(event.op === 'remove' ? [event.draft_id] : [])]);
  const kept = state.drafts.filter((draft) => !removed.has(draft.id));
  const drafts = [...kept, ...changed.map((draft) => ({ ...draft, to: [...draft.to] }))].sort(byRecentEdit);
  return { ...state, drafts };
}

function applyRealmDomains(state: RegisteredState, event: Extract<ChatEvent, { type: 'realm_domains' }>): RegisteredState {
  if (state.realm_domains === undefined) return state;
  if (event.op === 'remove') return { ...state, realm_domains: state.realm_domains.filter((entry) => entry.domain !== event.domain) };
  const entry = { ...event.realm_domain };
  const replaced = state.realm_domains.map((existing) => (existing.domain === entry.domain ? entry : existing));
  const known = state.realm_domains.some((existing) => existing.domain === entry.domain);
  return { ...state, realm_domains: known ? replaced : [...replaced, entry] };
}

/**
 * The modern entry (`slim_presence`) a legacy `website` entry stands for, as the server's reducer
 * reads it from its database: the server sends the event when a user comes online (both times
 * then are the report's); an idle report moved only the connected time, the active one being the
 * previous entry's, else the user's join (the server's default). Undefined when neither is known.
 */
function modernPresence(state: RegisteredState, userId: number, status: string, timestamp: number) {
  if (status === 'active') return { active_timestamp: timestamp, idle_timestamp: timestamp };
  const previous = state.presences?.[String(userId)] as { active_timestamp?: number } | undefined;
  const joined = [...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])].find((user) => user.user_id === userId)?.date_joined;
  const active = previous?.active_timestamp ?? (joined ? Math.floor(Date.parse(joined) / 1000) : undefined);
  return active === undefined ? undefined : { active_timestamp: active, idle_timestamp: timestamp };
}

/**
 * A `presence` event on the `presences` state: modern entries (`simplified_presence_events`) are
 * merged by user ID; a legacy event's `website` entry replaces the user's entry keyed by email,
 * or, for a slim queue's (no email), the modern entry keyed by user ID ({@link modernPresence}).
 */
function applyPresence(state: RegisteredState, event: Extract<ChatEvent, { type: 'presence' }>): RegisteredState {
  if (state.presences === undefined) return state;
  if (event.presences) return { ...state, presences: { ...state.presences, ...event.presences } };
  const website = event.presence?.website;
  if (!website || (!event.email && event.user_id === undefined)) return state;
  const client = typeof website.client === 'string' ? website.client : 'website';
  const { status, timestamp } = website;
  const entry = event.email
    ? { aggregated: { client, status, timestamp }, website: { ...website, client, status, timestamp } }
    : modernPresence(state, event.user_id ?? 0, status, timestamp);
  if (!entry) return state;
  return {
    ...state,
    presences: { ...state.presences, [event.email ?? String(event.user_id)]: entry },
    ...(event.server_timestamp === undefined ? {} : { server_timestamp: event.server_timestamp }),
  };
}

/** A `user_status` event on the `user_status` state: given keys replace, `""` clears, nothing left drops the user. */
function applyUserStatus(state: RegisteredState, event: Extract<ChatEvent, { type: 'user_status' }>): RegisteredState {
  if (state.user_status === undefined) return state;
  const key = String(event.user_id);
  const next: Record<string, unknown> = { ...state.user_status[key] };
  if (event.status_text !== undefined) {
    if (event.status_text === '') delete next.status_text;
    else next.status_text = event.status_text;
  }
  if (event.emoji_name !== undefined) {
    if (event.emoji_name === '') {
      delete next.emoji_name;
      delete next.emoji_code;
      delete next.reaction_type;
    } else {
      Object.assign(next, { emoji_name: event.emoji_name, emoji_code: event.emoji_code, reaction_type: event.reaction_type });
    }
  }
  if (event.away !== undefined) {
    if (event.away) next.away = true;
    else delete next.away;
  }
  const { [key]: _old, ...others } = state.user_status;
  return { ...state, user_status: Object.keys(next).length > 0 ? { ...others, [key]: next } : others };
}

function applyUserTopic(state: RegisteredState, event: Extract<ChatEvent, { type: 'user_topic' }>): RegisteredState {
  if (state.user_topics === undefined) return state;
  const { stream_id, topic_name, last_updated, visibility_policy } = event;
  const entry = { stream_id, topic_name, last_updated, visibility_policy };
  const index = state.user_topics.findIndex((existing) => sameTopic(existing, stream_id, topic_name));
  const topics = [...state.user_topics];
  if (visibility_policy === 0) {
    if (index >= 0) topics.splice(index, 1);
  } else if (index >= 0) {
    // The server keeps a topic's first casing; the event names it as the client asked.
    topics[index] = { ...entry, topic_name: topics[index]?.topic_name ?? topic_name };
  } else topics.push(entry);
  return { ...state, user_topics: topics };
}

/**
 * Applies one event to a registered state and returns the new state (the input is not
 * changed). Sections the state does not hold, and event types without state, leave it as is.
 * `unread_msgs` follows new messages, `read` flag changes, topic muting and moves (messages moved
 * into a channel you are not subscribed to leave it, when the state holds `subscriptions`); for direct messages
 * it needs your own user ID (`context.userId`, else the state's `user_id`), and to leave muted
 * channels and topics out of `count` (as the server does whatever was registered) it needs your
 * muting: register with `subscription` and `user_topic` (their state is kept current), else give
 * `context.mutedChannelIds` and `context.userTopics`, else nothing counts as muted; `realm_linkifiers`
 * follows its events unless `context.clientCapabilities`, as registered, lacks
 * `linkifier_url_template` (such a registration's list stays empty, as the server's), and joining an
 * archived channel adds no subscription when it lacks `archived_channels` (such a registration lists
 * no archived channel, though the server sends the subscription); without
 * `notification_settings_null`, a joined channel's inherited (`null`) notification settings read
 * as the user's `enable_stream_*` defaults the state holds (a later change of those defaults does
 * not reach subscriptions filled before it: register again). What it cannot know
 * from the state: a change of whether an unread message is muted (muting, unmuting or following
 * its topic or channel, or moving it) leaves wildcard mentions in `mentions` as they were (the
 * server counts them only outside muted conversations); a channel's topic bucket keeps the name
 * of its oldest unread message when that message is read, deleted or moved (a fresh registration
 * names it after the oldest one left); marking a message unread or starred that the user had no
 * copy of leaves `max_message_id` as it was; rejoining a channel does not bring back its unread
 * messages from before leaving (no event lists them: register again); a channel you are not
 * subscribed to keeps `first_message_id` null when its first message arrives (the server sends
 * those outside it no event);
 * your own role change takes away what a fresh registration would (a guest's default channels
 * and groups, other people's bots for a former administrator) but cannot give what it brings
 * (every bot for a new administrator, the default channels and groups for a former guest):
 * register again after such a change; a channel you once left that comes back into sight (by a
 * new role or a group you join) is a `stream` `create`, which lands it in `never_subscribed`
 * (a fresh registration lists it in `unsubscribed`); deleting messages leaves `max_message_id` and
 * `recent_private_conversations` as they were (the server recomputes both from its database), and
 * so does moving messages out of your reach for `max_message_id`;
 * archiving a channel drops its topic policies only with the `archived_channels` capability (a
 * `stream` `delete` may mean lost access instead), and unarchiving cannot bring them back; without
 * that capability, an unarchived channel comes back by a `stream` `create`, which cannot tell
 * whether you are still subscribed to it: it lands in `never_subscribed` (the server's own
 * reducer reads its database, and puts it in `unsubscribed`);
 * channels' `subscriber_count` stays as registered (as in the server's own reducer: `peer_add`
 * cannot tell whether the user was already counted).
 *
 * @example
 * // `subscription` and `user_topic` tell which channels and topics you muted (left out of `count`).
 * let state = await client.events.register({ event_types: ['message', 'update_message_flags', 'subscription', 'user_topic'] });
 * for (const event of (await client.events.get({ queue_id: state.queue_id ?? '', last_event_id: -1 })).events) {
 *   const typed = parseEvent(event);
 *   if (typed) state = applyEvent(state, typed, { userId: myUserId, clientCapabilities: { notification_settings_null: true } });
 * }
 * console.log(state.unread_msgs?.count);
 */
export function applyEvent(state: RegisteredState, event: ChatEvent, context?: ApplyEventContext): RegisteredState {
  switch (event.type) {
    case 'message': {
      const withMax =
        state.max_message_id === undefined
          ? state
          : { ...state, max_message_id: Math.max(state.max_message_id, event.message.id) };
      const ownUserId = context?.userId ?? state.user_id;
      const withConversations = recentConversationsAfterMessage(withMax, event, ownUserId);
      return unreadAfterMessage(applyFirstChannelMessage(withConversations, event), event, context);
    }
    case 'user_topic':
      return unreadAfterUserTopic(state, applyUserTopic(state, event), event, context);
    // The legacy list arrives whole; `user_topic` events keep `unread_msgs` in step with muting.
    case 'muted_topics':
      return replaced(state, 'muted_topics', event.muted_topics);
    case 'update_message_flags':
      return starredAfterFlags(unreadAfterFlags(state, event, context), event);
    case 'delete_message':
      // The server recomputes `max_message_id` from its database after a deletion; a client
      // cannot, so it stays an upper bound (still safe for choosing local IDs). The same holds for
      // `recent_private_conversations` after a direct message's deletion: no event names the
      // conversation's previous message, so it stays as it was (register again for it).
      return starredAfterDelete(unreadAfterDelete(state, event, context), event);
    // The registered state holds no messages, so no section shows reactions.
    case 'reaction':
      return state;
    case 'user_settings':
      return state.user_settings === undefined
        ? state
        : { ...state, user_settings: { ...state.user_settings, [event.property]: event.value } };
    case 'update_display_settings':
      return event.setting_name in state ? { ...state, [event.setting_name]: event.setting } : state;
    case 'update_global_notifications':
      return event.notification_name in state ? { ...state, [event.notification_name]: event.setting } : state;
    case 'alert_words':
      return replaced(state, 'alert_words', event.alert_words);
    case 'realm_linkifiers':
      // Capabilities not given: apply, as before capabilities were part of the context. Before the
      // capability's level every registration holds the whole list.
      return state.realm_linkifiers === undefined ||
        (registeredWith(state, context, 'linkifier_url_template') === false && serverKnowsCapability(state, 'linkifier_url_template'))
        ? state
        : { ...state, realm_linkifiers: event.realm_linkifiers.map((linkifier) => ({ ...linkifier })) };
    case 'drafts':
      return applyDrafts(state, event);
    case 'saved_snippets':
      return applySavedSnippets(state, event);
    case 'push_device':
      return applyPushDevice(state, event);
    case 'navigation_view':
      return applyNavigationView(state, event);
    case 'scheduled_messages':
      return applyScheduledMessages(state, event);
    case 'reminders':
      return applyReminders(state, event);
    case 'realm_domains':
      return applyRealmDomains(state, event);
    case 'presence':
      return applyPresence(state, event);
    case 'user_status':
      return applyUserStatus(state, event);
    case 'muted_users':
      return replaced(state, 'muted_users', event.muted_users);
    case 'onboarding_steps':
      return replaced(state, 'onboarding_steps', event.onboarding_steps);
    case 'custom_profile_fields':
      return withoutDeletedProfileFields(
        replaced(state, 'custom_profile_fields', event.fields),
        event.fields.map((field) => field.id),
      );
    case 'realm_emoji':
      return replaced(state, 'realm_emoji', event.realm_emoji);
    case 'realm_playgrounds':
      return replaced(state, 'realm_playgrounds', event.realm_playgrounds);
    case 'realm_user': {
      // Before level 222 a deactivation was a `remove` and a reactivation an `add` (of the user as
      // a new one, without profile field values): a change of `is_active`. Those servers send `add`
      // only for a new user or a reactivated one, so an `add` of any user the state knows is a
      // reactivation (its profile values stay as the state has them).
      if (state.zulip_feature_level < 222 && event.op !== 'update') {
        const { user_id } = event.person;
        const known = (users: readonly { user_id: number }[] | undefined) => users?.some((user) => user.user_id === user_id) === true;
        const reactivated = event.op === 'add' && (known(state.realm_non_active_users) || known(state.realm_users));
        if (event.op === 'remove' || reactivated) return applyEvent(state, { ...event, op: 'update', person: { user_id, is_active: reactivated } }, context);
      }
      const { person } = event;
      const updated = applyRealmUser(state, event, context);
      // Only the caller's own role changes their permission flags, default channels and bots.
      const own = person.user_id === (context?.userId ?? state.user_id);
      const applied = own ? withOwnRole(withOwnPermissions(updated), event.op === 'update' ? person.role : undefined, person.user_id) : updated;
      const renamed = event.op === 'update' && person.new_email !== undefined ? applyBotEmailChange(applied, person.user_id, person.new_email) : applied;
      const deactivated = event.op === 'update' && 'is_active' in person && person.is_active === false;
      return deactivated ? withoutDeactivatedUser(renamed, person.user_id) : renamed;
    }
    case 'default_streams':
      return replaced(state, 'realm_default_streams', event.default_streams);
    case 'default_stream_groups':
      return replaced(state, 'realm_default_stream_groups', event.default_stream_groups);
    case 'has_zoom_token':
      return replaced(state, 'has_zoom_token', event.value);
    case 'update_message':
      // Moves send their topic policies as `user_topic` events; unread messages follow their move.
      return unreadAfterUpdateMessage(state, event, context);
    case 'subscription':
      return unreadAfterSubscription(
        state,
        applySubscriptionEvent(state, event, context),
        event,
        context,
      );
    case 'stream':
      return topicsAfterArchiving(applyStreamEvent(state, event, context), event);
    case 'channel_folder':
      return applyChannelFolders(state, event);
    case 'user_group':
      return withOwnPermissions(applyUserGroupEvent(state, event));
    case 'realm_bot':
      return applyRealmBotEvent(state, event);
    case 'realm_user_settings_defaults':
      return state.realm_user_settings_defaults === undefined
        ? state
        : { ...state, realm_user_settings_defaults: { ...state.realm_user_settings_defaults, [event.property]: event.value } };
    case 'realm':
      return withOwnPermissions(applyRealmEvent(state, event));
    // Signals with no register state: a client refetches the invitations or exports it shows;
    // submessages travel with their messages, which no register state holds.
    case 'invites_changed':
    case 'realm_export':
    case 'web_reload_client':
    case 'submessage':
      return state;
    case 'restart':
      return applyRestart(state, event);
    default:
      return state;
  }
}
