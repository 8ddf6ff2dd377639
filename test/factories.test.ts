import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { loose, misuse } from './support/misuse';

describe('mock.create: one-line setup with teaching errors', () => {
  it('creates a user with a role, a channel with subscribers, a conversation and a direct message, visible through the API', async () => {
    const mock = createMockServer();
    const ophelia = mock.create.user({ email: 'ophelia@zulip.com', full_name: 'Ophelia', role: 'moderator' });
    expect(ophelia.apiKey).toBe(mock.apiKeyOf('ophelia@zulip.com'));
    const design = mock.create.channel({ name: 'design', subscribers: ['hamlet@zulip.com', 'ophelia@zulip.com'], invite_only: true });
    const ids = mock.create.conversation({
      channel: 'design',
      topic: 'logo',
      messages: [
        ['hamlet@zulip.com', 'Blue?'],
        ['ophelia@zulip.com', 'Green.'],
      ],
    });
    const direct = mock.create.message({ from: 'ophelia@zulip.com', to: ['hamlet@zulip.com'], content: 'psst' });
    const client = mock.clientFor('ophelia@zulip.com');
    const { user } = await client.users.get({ user_id: ophelia.id });
    expect(user).toMatchObject({ full_name: 'Ophelia', role: 300 });
    const { messages } = await client.messages.list({ anchor: 'oldest', num_before: 0, num_after: 10, narrow: [{ operator: 'channel', operand: design.id }] });
    expect(messages.map((message) => [message.id, message.subject, message.content])).toEqual([
      [ids[0], 'logo', '<p>Blue?</p>'],
      [ids[1], 'logo', '<p>Green.</p>'],
    ]);
    expect((await client.messages.get({ message_id: direct.id })).message.content).toBe('<p>psst</p>');
    await expect(mock.clientFor('othello@zulip.com').messages.get({ message_id: ids[0] ?? 0 })).rejects.toMatchObject({ msg: 'Invalid message(s)' });
  });

  it('says what to do when the setup is wrong', () => {
    const mock = createMockServer();
    expect(misuse(() => mock.create.message({ from: 'polonius@zulip.com', channel: 'Denmark', content: 'hi' }))).toBe(
      'polonius@zulip.com is not subscribed to Denmark; subscribe first or use one of: Verona',
    );
    expect(misuse(() => mock.create.message({ from: 'hamlet@zulip.com', channel: 'Atlantis', content: 'hi' }))).toMatch(
      /^no channel named Atlantis; create it with mock\.create\.channel\(\{ name: 'Atlantis' \}\) or use one of: Verona, Denmark/,
    );
    expect(misuse(() => mock.create.channel({ name: 'x', subscribers: ['nobody@zulip.com'] }))).toMatch(
      /^no user nobody@zulip\.com in the realm; create one with mock\.create\.user\(\{ email: 'nobody@zulip\.com' \}\) or use one of: /,
    );
    expect(misuse(() => mock.create.user({ email: 'hamlet@zulip.com' }))).toMatch(/^a user hamlet@zulip\.com already exists \(ID \d+\); pick another email$/);
    expect(misuse(() => mock.create.channel({ name: 'verona' }))).toBe('a channel named verona already exists; pick another name');
    // The API's own checks: the server's message, with the factory and the value it is about.
    expect(misuse(() => mock.create.user({ email: 'ophelia', full_name: 'Ophelia' }))).toBe(
      'mock.create.user({"email":"ophelia","full_name":"Ophelia"}): the server would refuse it: Bad name or username',
    );
    // A password never shows in the message.
    expect(misuse(() => mock.create.user({ email: 'ophelia', full_name: 'Ophelia', password: 'hunter2-secret' }))).toBe(
      'mock.create.user({"email":"ophelia","full_name":"Ophelia","password":"[redacted]"}): the server would refuse it: Bad name or username',
    );
    expect(misuse(() => mock.create.user({ email: 'o@zulip.com', full_name: 'O' }))).toMatch(/^mock\.create\.user\(.*\): the server would refuse it: Name too short!$/);
    expect(misuse(() => mock.create.channel({ name: '' }))).toBe(`mock.create.channel({"name":""}): the server would refuse it: Channel name can't be empty.`);
    expect(misuse(() => mock.create.message({ from: 'hamlet@zulip.com', channel: 'Verona', content: '' }))).toMatch(/the server would refuse it: Message must not be empty$/);
  });
});

describe('mock.create refuses what it would otherwise drop or store broken', () => {
  it("role 'admin' is refused, naming the roles; GET /users and register keep working for everyone", async () => {
    const mock = createMockServer();
    expect(misuse(() => mock.create.user(loose({ email: 'o@zulip.com', full_name: 'Oph', role: 'admin' })))).toBe(
      "mock.create.user: role must be one of 'owner', 'administrator', 'moderator', 'member', 'guest' or their wire values " +
        "100 (owner), 200 (administrator), 300 (moderator), 400 (member), 600 (guest); got 'admin'",
    );
    expect(misuse(() => mock.create.user(loose({ email: 'o@zulip.com', full_name: 'Oph', role: 500 })))).toMatch(/role must be one of .*; got 500$/);
    expect(mock.store.userByDeliveryEmail('o@zulip.com')).toBeUndefined();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    await hamlet.users.list();
    await hamlet.events.register({ fetch_event_types: ['realm_user'] });
  });

  it('takes a role by name or by wire value', async () => {
    const mock = createMockServer();
    const byValue = mock.create.user({ email: 'o@zulip.com', full_name: 'Oph', role: 200 });
    const byName = mock.create.user({ email: 'g@zulip.com', full_name: 'Gil', role: 'guest' });
    const { members } = await mock.clientFor('hamlet@zulip.com').users.list();
    expect(members.filter((member) => [byValue.id, byName.id].includes(member.user_id)).map((member) => member.role)).toEqual([200, 600]);
  });

  it('an unknown option is refused with the one it most likely means', () => {
    const mock = createMockServer();
    expect(misuse(() => mock.create.channel(loose({ name: 'ch1', private: true, subscribers: ['hamlet@zulip.com'] })))).toBe(
      "unknown option 'private' for mock.create.channel; did you mean 'invite_only'? (its options: name, subscribers, invite_only, description)",
    );
    expect(mock.store.channelByName('ch1')).toBeUndefined();
    expect(misuse(() => mock.create.user(loose({ email: 'o@zulip.com', full_name: 'Oph', colour: 'red' })))).toBe(
      "unknown option 'colour' for mock.create.user (its options: email, full_name, role, password, onboard)",
    );
    expect(misuse(() => mock.create.user(loose({ email: 'o@zulip.com', fullName: 'Oph' })))).toMatch(/^unknown option 'fullName' for mock\.create\.user; did you mean 'full_name'\?/);
    // A bot asked of the human factory: how bots are made instead.
    for (const bot of [{ bot_type: 1 }, { is_bot: true }, { role: 'bot' }]) {
      expect(misuse(() => mock.create.user(loose({ email: 'standup-bot@zulip.com', ...bot })))).toMatch(
        /^mock\.create\.user makes human users; a bot is made by its owner, as on the server: await mock\.clientFor\(ownerEmail\)\.bots\.create\(/,
      );
    }
    // A human asked for in a bot's words is no bot: the option is only unknown.
    for (const human of [{ is_bot: false }, { bot_type: null }]) {
      const [name] = Object.keys(human);
      expect(misuse(() => mock.create.user(loose({ email: 'human@zulip.com', full_name: 'Human', ...human })))).toMatch(new RegExp(`^unknown option '${name}' for mock\\.create\\.user`));
    }
    expect(misuse(() => mock.create.message(loose({ sender: 'hamlet@zulip.com', channel: 'Verona', content: 'hi' })))).toMatch(/^unknown option 'sender' for mock\.create\.message; did you mean 'from'\?/);
    expect(misuse(() => mock.create.conversation(loose({ channel: 'Verona', topic: 't', mesages: [] })))).toMatch(/^unknown option 'mesages' for mock\.create\.conversation; did you mean 'messages'\?/);
  });

  it('a value of the wrong kind, a missing option, or a message to both a channel and users is refused', () => {
    const mock = createMockServer();
    expect(misuse(() => mock.create.channel(loose({ name: 'ch1', invite_only: 'yes' })))).toBe("mock.create.channel: invite_only must be true or false; got 'yes'");
    expect(misuse(() => mock.create.channel(loose({ name: 'ch1', subscribers: 'hamlet@zulip.com' })))).toBe(
      "mock.create.channel: subscribers must be a list of emails (strings); got 'hamlet@zulip.com'",
    );
    expect(misuse(() => mock.create.user(loose({ full_name: 'Oph' })))).toBe('mock.create.user needs email (a string)');
    expect(misuse(() => mock.create.user(loose({ email: 'o@zulip.com', onboard: 1 })))).toBe('mock.create.user: onboard must be true or false; got 1');
    expect(misuse(() => mock.create.user('o@zulip.com' as never))).toBe(
      "mock.create.user takes an object with the options email, full_name, role, password, onboard; got 'o@zulip.com'",
    );
    expect(misuse(() => mock.create.message(loose({ from: 'hamlet@zulip.com', channel: 'Verona', to: ['iago@zulip.com'], content: 'hi' })))).toMatch(/not both$/);
    expect(misuse(() => mock.create.message(loose({ from: 'hamlet@zulip.com', content: 'hi' })))).toMatch(/^mock\.create\.message needs channel/);
    expect(misuse(() => mock.create.conversation(loose({ channel: 'Verona', topic: 't', messages: [['hamlet@zulip.com']] })))).toMatch(
      /^mock\.create\.conversation: messages must be a list of \[from, content\] pairs/,
    );
    expect(mock.store.channelByName('ch1')).toBeUndefined();
    // Omitted and undefined are alike.
    expect(mock.create.user({ email: 'o@zulip.com', full_name: 'Oph', role: undefined }).email).toBe('o@zulip.com');
  });
});
