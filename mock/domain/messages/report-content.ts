import type { MessageRecord, UserRecord } from '../../store/store';
import { messageLinkSyntax } from '../markdown/link-syntax';
import { silentMention } from '../notification-bot';
import type { MockState } from '../state';
import { userById } from '../users';
import { MAX_REPORT_MESSAGE_EXPLANATION_LENGTH, REPORT_MESSAGE_REASONS, type ReportType } from './report-types';

const TRUNCATION_NOTICE = '\n[message truncated]';

/** A direct message's URL (`pm_message_url`): its participants' IDs ascending, `-group` for three or more. */
function directMessageUrl(state: MockState, message: MessageRecord): string {
  const ids = [...message.dm_user_ids].sort((a, b) => a - b);
  return `${state.realm.url}/#narrow/dm/${ids.join(',')}${ids.length >= 3 ? '-group' : ''}/near/${message.id}`;
}

/** The server's `datetime_to_global_time`: ISO 8601 to the second, UTC. */
function globalTime(seconds: number): string {
  return `<time:${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00>`;
}

/** A code fence longer than any at the start of a line of the content (`get_unused_fence`). */
function unusedFence(content: string): string {
  let length = 3;
  for (const match of content.matchAll(/^ {0,3}(`{3,})/gm)) length = Math.max(length, (match[1]?.length ?? 0) + 1);
  return '`'.repeat(length);
}

/** Python's `sorted` of strings: by code point. */
function byCodePoint(a: string, b: string): number {
  const left = [...a].map((c) => c.codePointAt(0) ?? 0);
  const right = [...b].map((c) => c.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return (left[index] ?? 0) - (right[index] ?? 0);
  }
  return left.length - right.length;
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
    : `[Original message](${directMessageUrl(state, message)})`;
  const snippetLimit = state.realm.max_message_length - MAX_REPORT_MESSAGE_EXPLANATION_LENGTH - 500;
  const characters = [...message.content];
  const quoted =
    characters.length > snippetLimit ? characters.slice(0, snippetLimit - TRUNCATION_NOTICE.length).join('') + TRUNCATION_NOTICE : message.content;
  const fence = unusedFence(quoted);
  return (
    reportHeader(state, reporter, message) +
    `\n\`\`\`quote\n**${REPORT_MESSAGE_REASONS[reportType]}**. ${description}\n\`\`\`\n\n${fence} spoiler ${original}\n${quoted}\n${fence}\n`
  );
}
