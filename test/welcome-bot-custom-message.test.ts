import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { serverAt, unsupported } from './support/older-server';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('POST /realm/test_welcome_bot_custom_message (feature level 416)', () => {
  it('Welcome Bot sends the calling administrator the text quoted below a note from the administrators, unread, and answers its ID', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const text = 'Welcome Bot custom message for testing';
    const { message_id } = await iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: text });
    const { message } = await iago.messages.get({ message_id, apply_markdown: false });
    const administrators = realm.mock.state.realm.system_groups['role:administrators'];
    expect(message).toMatchObject({
      id: message_id,
      type: 'private',
      sender_email: 'welcome-bot@zulip.com',
      sender_full_name: 'Welcome Bot',
      client: 'Internal',
      content: `A note from @_*role:administrators*:\n\`\`\`quote\n${text}\n\`\`\``,
      display_recipient: [
        expect.objectContaining({ email: 'iago@zulip.com' }),
        expect.objectContaining({ email: 'welcome-bot@zulip.com' }),
      ],
      flags: [],
    });
    const rendered = (await iago.messages.get({ message_id })).message.content;
    expect(rendered).toBe(
      `<p>A note from <span class="user-group-mention silent" data-user-group-id="${String(administrators)}">Administrators</span>:</p>\n<blockquote>\n<p>${text}</p>\n</blockquote>`,
    );
    // Only that one message: nothing else from Welcome Bot.
    const { messages } = await iago.messages.list({ anchor: 'newest', num_before: 2, num_after: 0, narrow: [{ operator: 'sender', operand: 'welcome-bot@zulip.com' }] });
    expect(messages.map((sent) => sent.id)).toEqual([message_id]);
  });

  it('a fence in the text makes the quote use a longer one; whitespace is sent as is', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const text = '  Rules:\n   ````python\nprint(1)\n   ````\n';
    const { message_id } = await iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: text });
    const { message } = await iago.messages.get({ message_id, apply_markdown: false });
    expect(message.content).toBe(`A note from @_*role:administrators*:\n\`\`\`\`\`quote\n${text}\n\`\`\`\`\``);
  });

  it('is for administrators and owners, refused to others before the text is read', async () => {
    const refused = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
    for (const email of ['hamlet@zulip.com', 'shiva@zulip.com', 'polonius@zulip.com']) {
      await expectApiError(realm.clientFor(email).realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: '' }), refused);
    }
    const response = await realm.raw('shiva@zulip.com', 'POST', '/realm/test_welcome_bot_custom_message', new URLSearchParams());
    expect(await response.json()).toMatchObject({ msg: 'Must be an organization administrator' });
    const { message_id } = await realm.clientFor('desdemona@zulip.com').realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Hi' });
    expect((await realm.clientFor('desdemona@zulip.com').messages.get({ message_id })).message.sender_email).toBe('welcome-bot@zulip.com');
  });

  it('refuses a missing, empty or too long text (in characters), and a null byte', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const response = await realm.raw('iago@zulip.com', 'POST', '/realm/test_welcome_bot_custom_message', new URLSearchParams());
    expect(await response.json()).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'welcome_message_custom_text' argument",
      var_name: 'welcome_message_custom_text',
    });
    await expectApiError(iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: '' }), bad('Message must not be empty'));
    await expectApiError(
      iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'x'.repeat(8001) }),
      bad('welcome_message_custom_text is too long (limit: 8000 characters)'),
    );
    await expectApiError(iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'a\u0000b' }), bad('Message must not contain null bytes'));
    const { message_id } = await iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: '😀'.repeat(8000) });
    expect((await iago.messages.get({ message_id, apply_markdown: false })).message.content).toContain('😀'.repeat(8000));
  });

  it("neither reads nor changes the organization's welcome message", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.realm.update({ welcome_message_custom_text: "Realm's Welcome Bot message." });
    const { message_id } = await iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Given text' });
    const { content } = (await iago.messages.get({ message_id, apply_markdown: false })).message;
    expect(content).toContain('Given text');
    expect(content).not.toContain("Realm's");
    expect(realm.mock.state.realm.welcome_message_custom_text).toBe("Realm's Welcome Bot message.");
  });

  it('the administrator gets a message event (events acceptance)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Hello' }));
    expect(events.map((event) => event?.type)).toEqual(['message']);
    expect(events[0]).toMatchObject({ type: 'message', flags: [], message: { sender_email: 'welcome-bot@zulip.com' } });
  });

  it('a server before level 416 has no such route; the SDK refuses before sending', async () => {
    const { client, raw } = serverAt(415, 'iago@zulip.com');
    expect(await unsupported(client.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Hi' }))).toMatchObject({ neededLevel: 416, serverLevel: 415 });
    expect((await raw('POST', '/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'Hi' })).status).toBe(404);
  });
});
