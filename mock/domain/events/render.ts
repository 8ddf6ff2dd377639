import { allCustomEmoji } from '../emoji/custom-emoji';
import type { MockState } from '../state';
import type { Change } from './changes';
import type { EventQueue } from './queue';
import { renderAccessLostEvents } from './render-access-lost';
import { renderRoleChannelSight } from './render-channel-sight';
import {
  renderChannelAccessChanged,
  renderChannelArchived,
  renderChannelUnarchived,
  renderChannelCreated,
  renderChannelUpdated,
  renderSubscriptionUpdate,
  renderSubscriptionsAdded,
  renderSubscriptionsRemoved,
} from './render-channels';
import { renderAlertWordsEvent, renderLinkifiersEvent } from './render-realm-syntax';
import { renderChannelFirstMessageEvent, renderDeleteMessageEvents } from './render-delete-message';
import { renderDraftsEvent } from './render-drafts';
import { renderChannelFolderEvent } from './render-channel-folders';
import { renderSavedSnippetsEvent } from './render-saved-snippets';
import { renderPushDeviceEvent } from './render-push-device';
import { renderNavigationViewEvent } from './render-navigation-views';
import { renderScheduledMessagesEvent } from './render-scheduled-messages';
import { renderRemindersEvent } from './render-reminders';
import { renderAttachmentEvent } from './render-attachment';
import { renderPresenceEvent } from './render-presence';
import { mutedUsersOf } from '../muted-users';
import { hearsAboutUser } from '../accounts/user-access';
import { renderMessageEvent } from './render-message';
import { renderDefaultChannelGroupsEvent, renderDefaultChannelsEvent } from './render-default-channels';
import { renderRealmDomainsEvent, renderRealmEvent, renderRealmPlaygroundsEvent } from './render-realm-config';
import { renderEditTypingEvent, renderTypingEvent } from './render-typing';
import { renderMessageFlagsEvent } from './render-message-flags';
import { renderReactionEvent } from './render-reaction';
import { renderSubmessageEvent } from './render-submessage';
import { renderDeliveryEmailVisibilityEvent, renderRealmUserAccessEvent, renderRealmUserAddEvent, renderRealmUserUpdateEvents } from './render-realm-user';
import { withPronounsAsShortText } from '../profile-fields/pronouns-compat';
import { renderUserGroupEvent } from './render-user-group';
import { renderRealmBotEvent } from './render-realm-bot';
import { renderRerenderedMessageEvent, renderUpdateMessageEvent } from './render-update-message';
import { renderUserSettingEvents } from './render-user-settings';
import { settingAtLevel } from '../user-settings/catalog';
import { renderExportConsentEvent } from './render-export-consent';
import { renderInvitesChangedEvent, renderRealmExportEvent } from './render-admin-notices';
import { renderMutedTopicsEvent, renderUserTopicEvent } from './render-user-topic';
import { renderRestartEvents } from './render-restart';

/** A payload before the queue gives it an ID. */
export type EventPayload = { readonly type: string } & Readonly<Record<string, unknown>>;

/** The events one queue gets for a change: none when its user may not see it. */
export function renderForQueue(state: MockState, queue: EventQueue, change: Change): EventPayload[] {
  let rendered: EventPayload | undefined;
  switch (change.kind) {
    case 'message_sent':
      rendered = renderMessageEvent(state, queue, change);
      break;
    case 'user_topic_changed': {
      const events: (EventPayload | undefined)[] = [
        renderMutedTopicsEvent(state, queue, change),
        renderUserTopicEvent(state, queue, change),
      ];
      return events.filter((event): event is EventPayload => event !== undefined && queue.accepts(event.type));
    }
    case 'messages_deleted':
      return queue.accepts('delete_message') ? renderDeleteMessageEvents(state, queue, change) : [];
    case 'channel_first_message_changed':
      rendered = renderChannelFirstMessageEvent(queue, change);
      break;
    case 'message_flags_changed':
      rendered = renderMessageFlagsEvent(state, queue, change);
      break;
    case 'reaction_changed':
      rendered = renderReactionEvent(state, queue, change);
      break;
    case 'submessage_added':
      rendered = renderSubmessageEvent(state, queue, change);
      break;
    case 'message_updated':
      rendered = renderUpdateMessageEvent(state, queue, change);
      break;
    case 'message_rerendered':
      rendered = renderRerenderedMessageEvent(state, queue, change);
      break;
    case 'alert_words_changed':
      rendered = renderAlertWordsEvent(queue, change);
      break;
    case 'linkifiers_changed':
      rendered = renderLinkifiersEvent(state);
      break;
    case 'drafts_changed':
      rendered = renderDraftsEvent(queue, change);
      break;
    case 'saved_snippets_changed':
      rendered = renderSavedSnippetsEvent(queue, change);
      break;
    case 'push_device_changed':
      rendered = renderPushDeviceEvent(queue, change);
      break;
    case 'navigation_view_changed':
      rendered = renderNavigationViewEvent(queue, change);
      break;
    case 'scheduled_messages_changed':
      rendered = renderScheduledMessagesEvent(state, queue, change);
      break;
    case 'reminders_changed':
      rendered = renderRemindersEvent(state, queue, change);
      break;
    case 'onboarding_steps_changed':
      rendered = queue.userId === change.userId ? { type: 'onboarding_steps', onboarding_steps: change.steps.map((step) => ({ ...step })) } : undefined;
      break;
    case 'muted_users_changed':
      rendered = queue.userId === change.userId ? { type: 'muted_users', muted_users: mutedUsersOf(state, change.userId) } : undefined;
      break;
    case 'user_status_changed':
      rendered = hearsAboutUser(state, queue.userId, change.userId) ? { type: 'user_status', user_id: change.userId, ...change.status } : undefined;
      break;
    case 'presence_changed':
      rendered = renderPresenceEvent(state, queue, change);
      break;
    case 'custom_profile_fields_changed':
      rendered = {
        type: 'custom_profile_fields',
        fields: queue.options.pronounsFieldTypeSupported ? change.fields.map((field) => ({ ...field })) : withPronounsAsShortText(change.fields),
      };
      break;
    case 'attachment_changed':
      rendered = renderAttachmentEvent(queue, change);
      break;
    case 'typing_notified':
      rendered = renderTypingEvent(state, queue, change);
      break;
    case 'edit_typing_notified':
      rendered = renderEditTypingEvent(queue, change);
      break;
    case 'default_channels_changed':
      rendered = renderDefaultChannelsEvent(state, queue);
      break;
    case 'default_channel_groups_changed':
      rendered = renderDefaultChannelGroupsEvent(state, queue, change);
      break;
    case 'realm_domains_changed':
      rendered = renderRealmDomainsEvent(change);
      break;
    case 'realm_playgrounds_changed':
      rendered = renderRealmPlaygroundsEvent(state);
      break;
    case 'realm_emoji_changed':
      rendered = { type: 'realm_emoji', op: 'update', realm_emoji: allCustomEmoji(state) };
      break;
    case 'realm_user_added':
      rendered = renderRealmUserAddEvent(state, queue, change);
      break;
    case 'realm_user_access_changed':
      rendered = renderRealmUserAccessEvent(state, queue, change);
      break;
    case 'realm_user_updated':
      return renderRealmUserUpdateEvents(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'delivery_email_visibility_changed':
      rendered = renderDeliveryEmailVisibilityEvent(state, queue, change);
      break;
    case 'user_setting_changed':
      return renderUserSettingEvents(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'export_consent_changed':
      rendered = renderExportConsentEvent(state, queue, change);
      break;
    case 'invites_changed':
      rendered = renderInvitesChangedEvent(state, queue, change);
      break;
    case 'realm_exports_changed':
      rendered = renderRealmExportEvent(state, queue, change);
      break;
    case 'messages_access_lost':
      return renderAccessLostEvents(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'channel_created':
      rendered = renderChannelCreated(state, queue, change);
      break;
    case 'channel_folder_changed':
      rendered = renderChannelFolderEvent(change);
      break;
    case 'subscriptions_added':
      return renderSubscriptionsAdded(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'subscriptions_removed':
      return renderSubscriptionsRemoved(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'subscription_property_changed':
      rendered = renderSubscriptionUpdate(queue, change);
      break;
    case 'channel_updated':
      return renderChannelUpdated(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'channel_access_changed':
      return renderChannelAccessChanged(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'role_channel_sight_changed':
      return renderRoleChannelSight(state, queue, change).filter((event) => queue.accepts(event.type));
    case 'channel_archived':
      rendered = renderChannelArchived(state, queue, change);
      break;
    case 'channel_unarchived':
      rendered = renderChannelUnarchived(state, queue, change);
      break;
    case 'user_group_changed':
      rendered = renderUserGroupEvent(queue, change);
      break;
    case 'realm_bot_changed':
      rendered = renderRealmBotEvent(state, queue, change);
      break;
    case 'realm_user_settings_defaults_changed': {
      // A renamed setting under the name the level gave it.
      const [property, value] = settingAtLevel(change.property, change.value, state.featureLevel);
      rendered = { type: 'realm_user_settings_defaults', op: 'update', property, value };
      break;
    }
    case 'server_restarted':
      return renderRestartEvents(state, change).filter((event) => queue.accepts(event.type));
    case 'realm_changed':
      rendered = renderRealmEvent(state, change);
      break;
  }
  return rendered && queue.accepts(rendered.type) ? [rendered] : [];
}
