import type { MessageRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { messageLinkSyntax } from '../markdown/link-syntax';
import { unusedFence } from '../markdown/unused-fence';
import { truncateContent } from '../messages/truncate-content';
import { channelMessageUrl, directMessageUrl } from '../markdown/narrow-url';
import { silentMention } from '../notification-bot';
import { pythonRstrip } from '../python-strip';
import type { MockState } from '../state';
import { pythonLength } from '../python-len';

/** The longest note a reminder takes, in characters (the server's `MAX_REMINDER_NOTE_LENGTH`). */
export const MAX_REMINDER_NOTE_LENGTH = 1000;

/** Python's `len`: characters (code points), not UTF-16 units. */
function characterCount(text: string): number {
  return pythonLength(text);
}

/**
 * A note as the server keeps it in the text (`normalize_note_text`): whitespace stripped from its
 * end and line breaks from its start, then at most {@link MAX_REMINDER_NOTE_LENGTH} characters.
 */
function normalizeNote(note: string): string {
  const body = pythonRstrip(note).replace(/^\n+/, '');
  if (characterCount(body) > MAX_REMINDER_NOTE_LENGTH) throw badRequest(`Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  return body;
}

/** The opening sentence: where the message is (a channel message's link), and the note. */
function opening(state: MockState, message: MessageRecord, note: string): string {
  const suffix = note ? ` Note:\n > ${note}` : '';
  if (message.channel_id === null) return `You requested a reminder for the following direct message.${suffix}`;
  const channel = state.store.tables.channel.get(message.channel_id);
  const name = channel?.name ?? '';
  return `You requested a reminder for ${messageLinkSyntax(message.channel_id, name, message.topic, message.id)}.${suffix}`;
}

/** The absolute link to the message (`message_link_url`). */
function messageUrl(state: MockState, message: MessageRecord): string {
  if (message.channel_id === null) return directMessageUrl(state.realm.url, message.dm_user_ids, message.id);
  const channel = state.store.tables.channel.get(message.channel_id);
  return channelMessageUrl(state.realm.url, { id: message.channel_id, name: channel?.name ?? '' }, message.topic, message.id);
}

/**
 * The text of a reminder (the server's `get_reminder_formatted_content`): the message's link and
 * the note, then who said it, with a link, and the message quoted in a fence the text before it
 * does not use, cut so that the whole fits the message length limit. A poll or a to-do list is
 * named, not quoted. Throws the note's length error.
 */
export function reminderContent(state: MockState, message: MessageRecord, note: string): string {
  const normalizedNote = note ? normalizeNote(note) : note;
  const sender = state.store.tables.user.get(message.sender_id) as UserRecord;
  const said = (verb: string) => `${silentMention(sender)} [${verb}](${messageUrl(state, message)})`;
  let content = `${opening(state, message, normalizedNote)}\n\n`;
  if (message.content.startsWith('/poll')) return `${content}${said('sent')} a poll.`;
  if (message.content.startsWith('/todo')) return `${content}${said('sent')} a todo list.`;
  content += `${said('said')}:\n`;
  // The server asks for the fence of the text before the quote, not of the quoted message.
  const fence = unusedFence(content);
  const quote = (text: string) => `${fence}quote\n${text}\n${fence}`;
  const room = state.realm.max_message_length - characterCount(content + quote(''));
  return content + quote(truncateContent(message.content, room));
}
