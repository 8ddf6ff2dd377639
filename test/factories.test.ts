import { describe, expect, it } from 'vitest';
import { createMockServer, MockMisuseError } from '../mock/index';

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
    const misuse = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        expect(error).toBeInstanceOf(MockMisuseError);
        return (error as Error).message;
      }
      throw new Error('expected a MockMisuseError');
    };
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
