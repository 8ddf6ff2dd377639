import type { MessageRecord, UserRecord } from '../../store/store';
import { renderMessage } from '../markdown/render';
import { normalizeContent } from '../messages/check-message';
import { storeMessage } from '../messages/store-message';
import type { MockState } from '../state';
import { WELCOME_BOT_EMAIL } from '../system-bots';
import { removeSingleNewlines } from './remove-single-newlines';

const COMMANDS = ['apps', 'profile', 'theme', 'channels', 'topics', 'message formatting', 'keyboard shortcuts'];

/** The messages Welcome Bot understands, as its replies list them (`help` left out of its answer to `help`). */
function commandList(withHelp: boolean): string {
  return [...COMMANDS, ...(withHelp ? ['help'] : [])].map((command) => `\`${command}\``).join(', ') + '.';
}

/** Welcome Bot's answer to a message it does not understand, which it gives a user only once. */
const NOT_UNDERSTOOD = `
You can chat with me as much as you like! To
get help, try one of the following messages: ${commandList(true)}
`;

/** Welcome Bot's answers, by the whole (lower-cased) text that asks for each. */
const ANSWERS: readonly (readonly [readonly string[], string])[] = [
  [
    ['app', 'apps'],
    `
You can [download](/apps/) the [mobile and desktop apps](/apps/).
Zulip also works great in a browser.
`,
  ],
  [
    ['profile'],
    `
Go to [Profile settings](#settings/profile) to add a [profile picture](/help/change-your-profile-picture)
and edit your [profile information](/help/edit-your-profile).
`,
  ],
  [
    ['theme'],
    `
You can switch between [light and dark theme](/help/dark-theme), [pick your
favorite emoji set](/help/emoji-and-emoticons#change-your-emoji-set), [change
your language](/help/change-your-language), and otherwise customize your Zulip
experience in your [Preferences](#settings/preferences).
`,
  ],
  [
    ['stream', 'streams', 'channel', 'channels'],
    `
Channels organize conversations based on who needs to see them. For example,
it's common to have a channel for each team in an organization.

[Browse and subscribe to channels](#channels/all).
`,
  ],
  [
    ['topic', 'topics'],
    `
[Topics](/help/introduction-to-topics) summarize what each conversation in Zulip
is about. You can read Zulip one topic at a time, seeing each message in
context, no matter how many other conversations are going on.

When you start a conversation, label it with a new topic. For a good topic name,
think about finishing the sentence: “Hey, can we chat about…?”

Check out [Recent conversations](#recent) for a list of topics that are being
discussed.
`,
  ],
  [
    ['keyboard', 'shortcuts', 'keyboard shortcuts'],
    `
Zulip's [keyboard shortcuts](#keyboard-shortcuts) let you navigate the app
quickly and efficiently.

Press \`?\` any time to see a [cheat sheet](#keyboard-shortcuts).
`,
  ],
  [
    ['formatting', 'message formatting'],
    `
You can **format** *your* \`message\` using the handy formatting buttons, or by
typing your formatting with Markdown.

Check out the [cheat sheet](#message-formatting) to learn about spoilers, global
times, and more.
`,
  ],
  [
    ['help', '?'],
    `
Here are a few messages I understand: ${commandList(false)}

Check out our [Getting started guide](/help/getting-started-with-zulip),
or browse the [help center](/help/) to learn more!
`,
  ],
];

/** Whether Welcome Bot already sent this user a message listing its commands. */
function listedCommandsBefore(state: MockState, bot: UserRecord, user: UserRecord): boolean {
  const listing = commandList(true).toLowerCase();
  const conversation = [bot.id, user.id].sort((a, b) => a - b).join(',');
  return state.store.userMessages.messageIds(user.id).some((id) => {
    const message = state.store.tables.message.get(id);
    return (
      message?.sender_id === bot.id &&
      message.dm_user_ids.join(',') === conversation &&
      message.content.toLowerCase().includes(listing)
    );
  });
}

/**
 * Welcome Bot answers a direct message sent to it alone (two active participants, Welcome Bot
 * not the sender), as the server's `do_send_messages` has it do once the message is announced:
 * the answer the text asks for, or a list of what it understands, which it does not repeat to a
 * user it already sent one.
 */
export function replyAsWelcomeBot(state: MockState, message: MessageRecord): void {
  const bot = state.store.systemBotByEmail(WELCOME_BOT_EMAIL);
  if (!bot || message.sender_id === bot.id || !message.dm_user_ids.includes(bot.id)) return;
  const active = message.dm_user_ids.filter((id) => state.store.tables.user.get(id)?.is_active);
  if (active.length !== 2 || !active.includes(bot.id)) return;
  const sender = state.store.tables.user.get(message.sender_id);
  if (!sender) return;
  const asked = message.content.toLowerCase();
  const answer = ANSWERS.find(([texts]) => texts.includes(asked))?.[1];
  if (answer === undefined && listedCommandsBefore(state, bot, sender)) return;
  const content = normalizeContent(state, removeSingleNewlines(answer ?? NOT_UNDERSTOOD));
  storeMessage(state, {
    sender: bot,
    client: 'Internal',
    content,
    readBySender: false,
    rendered: renderMessage(state, content, bot),
    destination: { type: 'private', userIds: [sender.id] },
  });
}
