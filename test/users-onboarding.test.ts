import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import type { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const NEWBIE = { email: 'newbie@zulip.com', password: 'secret-pass', full_name: 'New User' };
const VIDEO = 'https://static.zulipchat.com/static/navigation-tour-video/zulip-10.mp4';

/** Welcome Bot's introduction to a new member, as the server's template and remove_single_newlines leave it. */
const MEMBER_INTRO =
  'Hello, and welcome to Zulip!👋 \n\n\n' +
  'To learn more, check out our [getting started guide](/help/getting-started-with-zulip)! \n\n\n' +
  `You can always come back to the [Welcome to Zulip video](${VIDEO}) for a quick app overview.`;

/** The same to an administrator, with the guide for moving an organization. */
const ADMIN_INTRO =
  'Hello, and welcome to Zulip!👋 \n\n\n' +
  'To learn more, check out our [getting started guide](/help/getting-started-with-zulip)!  ' +
  'We also have a guide for [moving your organization to Zulip](/help/moving-to-zulip).\n\n\n\n' +
  `You can always come back to the [Welcome to Zulip video](${VIDEO}) for a quick app overview.`;

/** To a member of an education organization: the guide for using Zulip for a class. */
const EDUCATION_MEMBER_INTRO =
  'Hello, and welcome to Zulip!👋 \n\n\n' +
  'To learn more, check out our [using Zulip for a class guide](/help/using-zulip-for-a-class)! \n\n\n' +
  `You can always come back to the [Welcome to Zulip video](${VIDEO}) for a quick app overview.`;

/** To an administrator of an education organization: also the guide for setting up Zulip for a class. */
const EDUCATION_ADMIN_INTRO =
  'Hello, and welcome to Zulip!👋 \n\n\n' +
  'To learn more, check out our [using Zulip for a class guide](/help/using-zulip-for-a-class)!  ' +
  'We also have a guide for [setting up Zulip for a class](/help/setting-up-zulip-for-a-class).\n\n\n\n' +
  `You can always come back to the [Welcome to Zulip video](${VIDEO}) for a quick app overview.`;

/** Every message the client can see, oldest first, with raw content. */
async function allMessages(client: ChatClient) {
  const { messages } = await client.messages.list({ anchor: 'oldest', num_before: 0, num_after: 5000, apply_markdown: false });
  return messages;
}

describe('a user created with POST /users is onboarded as process_new_human_user does', () => {
  it('gets copies of the newest 1000 messages of the default channels, historical, the newest 20 unread', async () => {
    const { mock } = realm;
    const iago = realm.clientFor('iago@zulip.com');
    await iago.channels.addDefault({ stream_id: realm.channelId('Verona') });
    await iago.channels.addDefault({ stream_id: realm.channelId('Denmark') });
    const sent: number[] = [];
    for (let index = 0; index < 1010; index++) {
      const channel = index % 3 === 0 ? 'Denmark' : 'Verona';
      sent.push(mock.create.message({ from: 'iago@zulip.com', channel, topic: `topic ${index % 4}`, content: `message ${index}` }).id);
    }
    // Not a default channel: none of its messages.
    const scotland = mock.create.message({ from: 'iago@zulip.com', channel: 'Scotland', topic: 'weather', content: 'newest of all' }).id;
    const creatorFlags = () => sent.map((id) => mock.store.userMessages.flags(realm.userId('iago@zulip.com'), id));
    const before = creatorFlags();
    const { user_id } = await iago.users.create(NEWBIE);

    const newbie = realm.clientFor(NEWBIE.email);
    const messages = await allMessages(newbie);
    const history = messages.filter((message) => message.type === 'stream');
    const expected = sent.slice(-1000);
    expect(history.map((message) => message.id)).toEqual(expected);
    expect(history.map((message) => message.id)).not.toContain(scotland);
    const unread = expected.slice(-20);
    for (const message of history) {
      expect(message.flags).toEqual(unread.includes(message.id) ? ['historical'] : ['read', 'historical']);
    }

    const state = await newbie.events.register({});
    const welcomeBot = mock.store.systemBotByEmail('welcome-bot@zulip.com')?.id;
    const welcomeIds = messages.filter((message) => message.type === 'private').map((message) => message.id);
    expect(state.unread_msgs).toMatchObject({
      count: 21,
      pms: [{ other_user_id: welcomeBot, sender_id: welcomeBot, unread_message_ids: welcomeIds }],
      huddles: [],
      mentions: [],
    });
    const unreadInChannels = (state.unread_msgs?.streams ?? []).flatMap((entry) => entry.unread_message_ids).sort((a, b) => a - b);
    expect(unreadInChannels).toEqual(unread);
    // Copies are the user's own: the creator's flags on those messages are unchanged.
    expect(user_id).toBe(realm.userId(NEWBIE.email));
    expect(creatorFlags()).toEqual(before);
  });

  it('gets no copies of a realm with no default channels, only Welcome Bot\'s introduction, starred and unread', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.users.create(NEWBIE);
    const messages = await allMessages(realm.clientFor(NEWBIE.email));
    expect(messages.map(({ sender_email, sender_full_name, type, content, flags, client }) => ({ sender_email, sender_full_name, type, content, flags, client }))).toEqual([
      {
        sender_email: 'welcome-bot@zulip.com',
        sender_full_name: 'Welcome Bot',
        type: 'private',
        content: MEMBER_INTRO,
        flags: ['starred'],
        client: 'Internal',
      },
    ]);
    const participants = messages[0]?.display_recipient as { email: string }[];
    expect(participants.map((participant) => participant.email).sort()).toEqual([NEWBIE.email, 'welcome-bot@zulip.com']);
  });

  it.each([30, 35] as const)('an education organization (org_type %i) points members and administrators to the guides for a class', async (orgType) => {
    const { mock } = realm;
    const iago = realm.clientFor('iago@zulip.com');
    await iago.realm.update({ org_type: orgType });
    await iago.users.create(NEWBIE);
    mock.create.user({ email: 'teacher@zulip.com', full_name: 'Teacher', role: 'administrator', onboard: true });
    const intro = async (email: string) => (await allMessages(realm.clientFor(email))).map((message) => message.content);
    expect(await intro(NEWBIE.email)).toEqual([EDUCATION_MEMBER_INTRO]);
    expect(await intro('teacher@zulip.com')).toEqual([EDUCATION_ADMIN_INTRO]);
  });

  it('another organization type (nonprofit, 20) keeps the getting-started guide', async () => {
    const { mock } = realm;
    const iago = realm.clientFor('iago@zulip.com');
    await iago.realm.update({ org_type: 20 });
    await iago.users.create(NEWBIE);
    mock.create.user({ email: 'chair@zulip.com', full_name: 'Chair', role: 'administrator', onboard: true });
    expect((await allMessages(realm.clientFor(NEWBIE.email))).map((message) => message.content)).toEqual([MEMBER_INTRO]);
    expect((await allMessages(realm.clientFor('chair@zulip.com'))).map((message) => message.content)).toEqual([ADMIN_INTRO]);
  });

  it("sends the realm's custom welcome text as a second message, a note from the administrators, also starred", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.realm.update({ welcome_message_custom_text: 'Read the **rules**,\n```\nplease\n```' });
    await iago.users.create(NEWBIE);
    const messages = await allMessages(realm.clientFor(NEWBIE.email));
    expect(messages.map(({ content, flags }) => ({ content, flags }))).toEqual([
      { content: MEMBER_INTRO, flags: ['starred'] },
      {
        // The same text Welcome Bot's test message shows; the fence is longer than any in the text.
        content: 'A note from @_*role:administrators*:\n````quote\nRead the **rules**,\n```\nplease\n```\n````',
        flags: ['starred'],
      },
    ]);
    const { messages: rendered } = await realm.clientFor(NEWBIE.email).messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(rendered[0]?.content).toContain('<span class="user-group-mention silent"');
  });

  it('the creating administrator and the default channels\' subscribers see only the new user and its subscriptions', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.channels.addDefault({ stream_id: realm.channelId('Verona') });
    await iago.realm.update({ welcome_message_custom_text: 'Hi!' });
    const events = await verifyAction(iago, () => iago.users.create(NEWBIE));
    expect(events.map((event) => event?.type)).not.toContain('message');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const more = await verifyAction(hamlet, () => iago.users.create({ ...NEWBIE, email: 'second@zulip.com' }));
    expect(more.map((event) => event?.type)).not.toContain('message');
  });

  it('Notification Bot tells the signup announcements channel, after the history and before Welcome Bot', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const denmark = realm.channelId('Denmark');
    await iago.channels.addDefault({ stream_id: denmark });
    await iago.realm.update({ signup_announcements_stream_id: denmark });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    let userId = 0;
    const events = await verifyAction(hamlet, async () => {
      ({ user_id: userId } = await iago.users.create(NEWBIE));
    });
    const notice = `@_**${NEWBIE.full_name}|${userId}** joined this organization.`;
    expect(events.filter((event) => event?.type === 'message')).toEqual([
      expect.objectContaining({ message: expect.objectContaining({ sender_email: 'notification-bot@zulip.com', subject: 'signups', stream_id: denmark }), flags: [] }),
    ]);
    const messages = await allMessages(realm.clientFor(NEWBIE.email));
    const mine = messages.filter((message) => message.sender_email !== 'iago@zulip.com');
    expect(mine.map((message) => [message.sender_email, message.content])).toEqual([
      ['notification-bot@zulip.com', notice],
      ['welcome-bot@zulip.com', MEMBER_INTRO],
    ]);
    // Archiving the channel unsets it: the next user is not announced.
    await iago.channels.archive({ stream_id: denmark });
    const quiet = await verifyAction(hamlet, () => iago.users.create({ ...NEWBIE, email: 'second@zulip.com' }));
    expect(quiet.map((event) => event?.type)).not.toContain('message');
  });

  it("the new user's own register state agrees with the copies: unread counts, starred, max_message_id", async () => {
    const { mock } = realm;
    const iago = realm.clientFor('iago@zulip.com');
    await iago.channels.addDefault({ stream_id: realm.channelId('Verona') });
    await iago.realm.update({ welcome_message_custom_text: 'Hi!' });
    await iago.users.create(NEWBIE);
    const newbie = realm.clientFor(NEWBIE.email);
    const state = await newbie.events.register({});
    const messages = await allMessages(newbie);
    const welcome = messages.filter((message) => message.sender_email === 'welcome-bot@zulip.com').map((message) => message.id);
    expect(welcome).toHaveLength(2);
    expect(state.starred_messages).toEqual(welcome);
    expect(state.max_message_id).toBe(welcome.at(-1));
    // The seed's two Verona messages are within the newest twenty: unread.
    const verona = realm.channelId('Verona');
    expect(state.unread_msgs?.streams).toEqual([{ stream_id: verona, topic: 'greetings', unread_message_ids: messages.slice(0, 2).map((message) => message.id) }]);
    expect(state.unread_msgs?.count).toBe(4);
    // Reading the history is an ordinary flag change.
    await verifyAction(newbie, () => newbie.flags.update({ op: 'add', flag: 'read', messages: [...welcome] }));
    expect(mock.store.userMessages.flags(realm.userId(NEWBIE.email), welcome[0] ?? 0)).toEqual(['read', 'starred']);
  });
});

describe('mock.create.user: quiet unless asked to onboard', () => {
  it('makes a user with no messages by default', async () => {
    const mock = createMockServer();
    mock.create.user({ email: 'ophelia@zulip.com', full_name: 'Ophelia' });
    const { messages } = await mock.clientFor('ophelia@zulip.com').messages.list({ anchor: 'newest', num_before: 10, num_after: 0 });
    expect(messages).toEqual([]);
  });

  it('with onboard: true, onboards after the role is set (an administrator gets the organization guide)', async () => {
    const mock = createMockServer();
    mock.state.realm.default_channel_ids.push(mock.store.channelByName('Verona')?.id ?? 0);
    mock.create.user({ email: 'ophelia@zulip.com', full_name: 'Ophelia', role: 'administrator', onboard: true });
    const { messages } = await mock
      .clientFor('ophelia@zulip.com')
      .messages.list({ anchor: 'oldest', num_before: 0, num_after: 10, apply_markdown: false });
    expect(messages.map(({ type, content, flags }) => ({ type, content, flags }))).toEqual([
      { type: 'stream', content: 'Hello, Verona!', flags: ['historical'] },
      { type: 'stream', content: 'Hi **everyone**.', flags: ['historical'] },
      { type: 'private', content: ADMIN_INTRO, flags: ['starred'] },
    ]);
  });
});
