import type { RegisterResponse } from '../schemas/event-queue';
import { applyFirstChannelMessage, applyStreamEvent, applySubscriptionEvent, deleteMeansArchiving, hasCopy } from './apply-channels';
import type { ChatEvent } from '../schemas/events';
import { emailOf, withoutDeactivatedUser } from './apply-deactivation';
import { topicsAfterArchiving } from './apply-archived-topics';
import { mutedTopicsAfterRename } from './apply-renamed-channel-topics';
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
import { withOwnRole } from './apply-own-role';
import { applyDrafts } from './apply-drafts';
import { applyRealmDomains } from './apply-realm-domains';
import { applyPresence, applyPresenceEmailChange } from './apply-presences';
import { applyUserStatus } from './apply-user-status';
import { applyUserTopic } from './apply-user-topics';
import { applyRestart } from './apply-restart';
import { replaced } from './replaced';
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

/**
 * Applies one event to a registered state and returns the new state (the input is not
 * changed). Sections the state does not hold, and event types without state, leave it as is.
 *
 * `unread_msgs` follows new messages, `read` flag changes, topic muting and moves (messages moved
 * into a channel you are not subscribed to leave it, when the state holds `subscriptions`). A
 * message you have no copy of (a queue following all public channels, or a narrowed one, gets
 * those of channels you are not subscribed to, without flags) changes neither `unread_msgs` nor
 * `max_message_id` when the state holds `subscriptions`. Some sections need more than the state:
 * - Direct messages in `unread_msgs` need your own user ID: `context.userId`, else the state's
 *   `user_id`.
 * - Leaving muted channels and topics out of `count` (as the server does whatever was registered)
 *   needs your muting: register with `subscription` and `user_topic` (their state is kept
 *   current), else give `context.mutedChannelIds` and `context.userTopics`, else nothing counts
 *   as muted.
 * - `realm_linkifiers` follows its events unless `context.clientCapabilities`, as registered,
 *   lacks `linkifier_url_template` (such a registration's list stays empty, as the server's).
 * - Joining an archived channel adds no subscription when the capabilities lack
 *   `archived_channels` (such a registration lists no archived channel, though the server sends
 *   the subscription).
 * - Without `notification_settings_null`, a joined channel's inherited (`null`) notification
 *   settings read as the user's `enable_stream_*` defaults the state holds (a later change of
 *   those defaults does not reach subscriptions filled before it: register again).
 *
 * What it cannot know from the state, where a fresh registration would differ:
 * - A change of whether an unread message is muted (muting, unmuting or following its topic or
 *   channel, or moving it) leaves wildcard mentions in `mentions` as they were (the server counts
 *   them only outside muted conversations).
 * - A channel's topic bucket keeps the name of its oldest unread message when that message is
 *   read, deleted or moved (a fresh registration names it after the oldest one left).
 * - Marking a message unread or starred that the user had no copy of leaves `max_message_id` as
 *   it was.
 * - Rejoining a channel does not bring back its unread messages from before leaving (no event
 *   lists them: register again).
 * - A channel you are not subscribed to keeps `first_message_id` null when its first message
 *   arrives (the server sends those outside it no event).
 * - Your own role change takes away what a fresh registration would (a guest's default channels
 *   and groups, other people's bots for a former administrator) but cannot give what it brings
 *   (every bot for a new administrator, the default channels and groups for a former guest):
 *   register again after such a change.
 * - A channel you once left that comes back into sight (by a new role or a group you join) is a
 *   `stream` `create`, which lands it in `never_subscribed` (a fresh registration lists it in
 *   `unsubscribed`).
 * - Deleting messages leaves `max_message_id` and `recent_private_conversations` as they were
 *   (the server recomputes both from its database), and so does moving messages out of your
 *   reach for `max_message_id`.
 * - Archiving a channel drops its topic policies only with the `archived_channels` capability (a
 *   `stream` `delete` may mean lost access instead), and unarchiving cannot bring them back.
 * - Below feature level 378 the server told archiving by `stream` `delete` to every client; with
 *   `archived_channels` that `delete` is read as archiving, as that server's own reducer reads
 *   it (the channel stays, archived, out of `streams` only), so a channel whose access you lost
 *   stays listed as archived, and one you never subscribed to keeps a null `first_message_id`
 *   (the server's reducer reads it from its database): register again.
 * - Without that capability, an unarchived channel comes back by a `stream` `create`, which
 *   cannot tell whether you are still subscribed to it: it lands in `never_subscribed` (the
 *   server's own reducer reads its database, and puts it in `unsubscribed`).
 * - Channels' `subscriber_count` stays as registered (as in the server's own reducer: `peer_add`
 *   cannot tell whether the user was already counted).
 *
 * @example
 * // `subscription` and `user_topic` tell which channels and topics you muted (left out of `count`).
 * let state = await client.events.register({ event_types: ['message', 'update_message_flags', 'subscription', 'user_topic'] });
 * for (const event of (await client.events.get({ queue_id: state.queue_id ?? '', last_event_id: -1, dont_block: true })).events) {
 *   const typed = parseEvent(event);
 *   if (typed) state = applyEvent(state, typed, { userId: myUserId, clientCapabilities: { notification_settings_null: true } });
 * }
 * console.log(state.unread_msgs?.count);
 */
export function applyEvent(state: RegisteredState, event: ChatEvent, context?: ApplyEventContext): RegisteredState {
  switch (event.type) {
    case 'message': {
      // A queue following all public channels (or narrowed) gets messages the user has no copy of:
      // neither `max_message_id` nor `unread_msgs` (both read from the user's copies) takes them.
      const ownUserId = context?.userId ?? state.user_id;
      if (!hasCopy(state, event)) return applyFirstChannelMessage(state, event);
      const withMax =
        state.max_message_id === undefined
          ? state
          : { ...state, max_message_id: Math.max(state.max_message_id, event.message.id) };
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
      const renamed =
        event.op === 'update' && person.new_email !== undefined
          ? applyPresenceEmailChange(applyBotEmailChange(applied, person.user_id, person.new_email), emailOf(state, person.user_id), person.new_email)
          : applied;
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
      return mutedTopicsAfterRename(topicsAfterArchiving(applyStreamEvent(state, event, context), event, deleteMeansArchiving(state, context)), event);
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
