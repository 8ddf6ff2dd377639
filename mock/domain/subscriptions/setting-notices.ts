import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { silentMention } from '../notification-bot';
import type { MockState } from '../state';
import { EMPTY_TOPIC_FALLBACK_NAME } from '../topics';
import { postChannelNotice } from './notices';

/** How the topics-policy notice names each policy. */
const TOPICS_POLICY_NAMES: Readonly<Record<string, string>> = {
  inherit: 'Automatic',
  allow_empty_topic: `*${EMPTY_TOPIC_FALLBACK_NAME}* topic allowed`,
  disable_empty_topic: `No *${EMPTY_TOPIC_FALLBACK_NAME}* topic`,
  empty_topic_only: `Only *${EMPTY_TOPIC_FALLBACK_NAME}* topic allowed`,
};

function descriptionOrPlaceholder(description: string): string {
  return description === '' ? '*No description.*' : description;
}

/** "changed the description" with the old and new descriptions in quote blocks (sent even when they are the same). */
export function postDescriptionNotice(state: MockState, actor: UserRecord, channel: ChannelRecord, before: string, after: string): void {
  postChannelNotice(
    state,
    channel,
    `${silentMention(actor)} changed the description for this channel.\n\n` +
      `* **Old description:**\n\`\`\`\` quote\n${descriptionOrPlaceholder(before)}\n\`\`\`\`\n` +
      `* **New description:**\n\`\`\`\` quote\n${descriptionOrPlaceholder(after)}\n\`\`\`\``,
  );
}

/**
 * Who a group setting names, as the posting-permissions notice lists them: a named group's silent
 * mention; for an anonymous value its groups, then its users, each by ascending ID.
 */
function settingHolders(state: MockState, value: GroupSettingValue): string {
  const groupMention = (groupId: number) => `@_*${state.store.tables.userGroup.get(groupId)?.name ?? ''}*`;
  if (typeof value === 'number') return groupMention(value);
  const groups = [...value.direct_subgroups].sort((a, b) => a - b).map(groupMention);
  const users = [...value.direct_members]
    .sort((a, b) => a - b)
    .flatMap((userId) => {
      const user = state.store.tables.user.get(userId);
      return user ? [silentMention(user)] : [];
    });
  return [...groups, ...users].join(', ');
}

/** "changed the posting permissions", the old and new `can_send_message_group`. */
export function postPostingPermissionNotice(
  state: MockState,
  actor: UserRecord,
  channel: ChannelRecord,
  before: GroupSettingValue,
  after: GroupSettingValue,
): void {
  postChannelNotice(
    state,
    channel,
    `${silentMention(actor)} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n` +
      `* **Old**: ${settingHolders(state, before)}\n* **New**: ${settingHolders(state, after)}\n`,
  );
}

/**
 * "has changed the message retention period", the old and new periods (the organization's for
 * `null`, "Forever" for -1) and what now happens to messages (sent even when unchanged).
 */
export function postRetentionNotice(state: MockState, actor: UserRecord, channel: ChannelRecord, before: number | null, after: number | null): void {
  const old = before ?? state.realm.message_retention_days;
  const next = after ?? state.realm.message_retention_days;
  const days = (value: number) => `${value} days`;
  const deletedAfter = `Messages in this channel will now be automatically deleted ${next} days after they are sent.`;
  const [oldPeriod, newPeriod, summary] =
    old === -1
      ? ['Forever', days(next), deletedAfter]
      : next === -1
        ? [days(old), 'Forever', 'Messages in this channel will now be retained forever.']
        : [days(old), days(next), deletedAfter];
  postChannelNotice(
    state,
    channel,
    `${silentMention(actor)} has changed the [message retention period](/help/message-retention-policy) for this channel:\n` +
      `* **Old retention period**: ${oldPeriod}\n* **New retention period**: ${newPeriod}\n\n${summary}`,
  );
}

/** The "Allow posting to the *general chat* topic?" setting changed. */
export function postTopicsPolicyNotice(state: MockState, actor: UserRecord, channel: ChannelRecord, before: string, after: string): void {
  postChannelNotice(
    state,
    channel,
    `${silentMention(actor)} changed the "Allow posting to the *${EMPTY_TOPIC_FALLBACK_NAME}* topic?" setting from ` +
      `**${TOPICS_POLICY_NAMES[before] ?? before}** to **${TOPICS_POLICY_NAMES[after] ?? after}**.`,
  );
}
