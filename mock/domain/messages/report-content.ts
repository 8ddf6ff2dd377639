import type { MessageRecord, UserRecord } from '../../store/store';
import { messageLinkSyntax } from '../markdown/link-syntax';
import { directMessageUrl } from '../markdown/narrow-url';
import { unusedFence } from '../markdown/unused-fence';
import { byCodePoint } from '../python-str-order';
import { silentMention } from '../notification-bot';
import type { MockState } from '../state';
import { userById } from '../users';
import { MAX_REPORT_MESSAGE_EXPLANATION_LENGTH, REPORT_MESSAGE_REASONS, type ReportType } from './report-types';
import { truncateContent } from './truncate-content';

/** The server's `datetime_to_global_time`: ISO 8601 to the second, UTC. */
function globalTime(seconds: number): string {
  return `<time:${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00>`;
}

function mentionOf(state: MockState, userId: number): string {
  const user = userById(state, userId);
  return user ? silentMention(user) : '';
}

/** The report's first line: who reported whose message, and for a direct message to whom. */
function reportHeader(state: MockState, reporter: UserRecord, message: MessageRecord): string {
  const sender = mentionOf(state, message.sender_id);
  const by = `${silentMention(reporter)} reported`;
  const at = globalTime(message.timestamp);
  if (message.channel_id !== null) return `${by} a message sent by ${sender} at ${at}.`;
  const participants = message.dm_user_ids;
  if (participants.length <= 2) {
    if (message.sender_id !== reporter.id) return `${by} a direct message sent by ${sender} at ${at}.`;
    // Reporting one's own direct message names its recipient (oneself, for a message to oneself).
    const recipientId = participants.find((id) => id !== reporter.id) ?? reporter.id;
    return `${by} a direct message sent by ${sender} to ${mentionOf(state, recipientId)} at ${at}.`;
  }
  const others = participants.filter((id) => id !== message.sender_id).map((id) => mentionOf(state, id)).sort(byCodePoint);
  const last = others.pop() ?? '';
  const listed = others.join(', ') + (others.length > 1 ? ',' : '');
  return `${by} a direct message sent by ${sender} to ${listed} and ${last} at ${at}.`;
}

/**
 * The Notification Bot's report (the server's `send_message_report`): the header, the reason and
 * explanation in a quote, then the reported message (cut to leave room for the rest) in a spoiler
 * titled with a link to it.
 */
export function reportContent(state: MockState, reporter: UserRecord, message: MessageRecord, reportType: ReportType, description: string): string {
  const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
  const original = channel
    ? `Original message at ${messageLinkSyntax(channel.id, channel.name, message.topic, message.id)}`
    : `[Original message](${directMessageUrl(state.realm.url, message.dm_user_ids, message.id)})`;
  const snippetLimit = state.realm.max_message_length - MAX_REPORT_MESSAGE_EXPLANATION_LENGTH - 500;
  const quoted = truncateContent(message.content, snippetLimit);
  const fence = unusedFence(quoted);
  return (
    reportHeader(state, reporter, message) +
    `\n\`\`\`quote\n**${REPORT_MESSAGE_REASONS[reportType]}**. ${description}\n\`\`\`\n\n${fence} spoiler ${original}\n${quoted}\n${fence}\n`
  );
}
