import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

// `forged`, `sender`, `widget_content` and `time` are parameters the server declares but has not
// documented (DOCUMENTATION_PENDING): the SDK does not send them, so these tests use raw requests.
const realm = useTestRealm();
const hamlet = () => realm.clientFor('hamlet@zulip.com');
const send = (params: Record<string, unknown>) =>
  hamlet().request('POST', '/messages', { type: 'channel', to: 'Denmark', topic: 't', content: 'hi', ...params });
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

const ZFORM = {
  widget_type: 'zform',
  extra_data: { type: 'choices', heading: 'Pick', choices: [{ short_name: 'A', long_name: 'a', reply: 'a' }] },
};

describe('forged and sender', () => {
  it.each(['true', 'yes'])('forged=%s from a user who may not forge is refused', async (forged) => {
    await expectApiError(send({ forged }), bad('User not authorized for this query'));
  });

  it('any other forged value asks for nothing: the message is sent and the parameter is not ignored', async () => {
    const sent = await send({ forged: 'false' });
    expect(sent).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('the forging check comes after reading `to` and before looking for a topic', async () => {
    await expectApiError(send({ to: '[1,2]', forged: 'true' }), bad('Expected exactly one channel'));
    await expectApiError(hamlet().request('POST', '/messages', { type: 'channel', to: 'Denmark', content: 'x', forged: 'true' }), bad('User not authorized for this query'));
  });

  it('sender from a client that does not mirror is refused', async () => {
    await expectApiError(send({ sender: 'othello@zulip.com' }), bad('Invalid mirrored message'));
  });
});

describe('mirroring clients', () => {
  const direct = (params: Record<string, unknown>) =>
    hamlet().request('POST', '/messages', { type: 'direct', to: 'othello@zulip.com', content: 'hi', ...params });

  it.each(['irc_mirror', 'zephyr_mirror', 'jabber_mirror', 'JabberMirror'])('%s must name the sender', async (client) => {
    await expectApiError(direct({ client }), bad('Missing sender'));
  });

  it('may not mirror a channel message without can_forge_sender, even before the topic is read', async () => {
    await expectApiError(send({ client: 'irc_mirror', sender: 'someone@irc.zulip.com' }), bad('User not authorized for this query'));
    await expectApiError(
      hamlet().request('POST', '/messages', { type: 'channel', to: 'Denmark', content: 'x', client: 'irc_mirror', sender: 'a@irc.zulip.com' }),
      bad('User not authorized for this query'),
    );
  });

  it('may not mirror to user IDs', async () => {
    const to = JSON.stringify([realm.userId('othello@zulip.com')]);
    await expectApiError(direct({ client: 'zephyr_mirror', sender: 'sipbtest@mit.edu', to }), bad('Mirroring not allowed with recipient user IDs'));
  });

  it('a Zephyr mirror in a realm that does not mirror Zephyr is an invalid mirrored message', async () => {
    await expectApiError(direct({ client: 'zephyr_mirror', sender: 'sipbtest@mit.edu' }), bad('Invalid mirrored message'));
  });

  it('client names are compared exactly: IRC_MIRROR is no mirroring client', async () => {
    const sent = await direct({ client: 'IRC_MIRROR' });
    expect(sent.id).toEqual(expect.any(Number));
  });

  // zerver/views/message_send.py create_mirrored_message_users with same_realm_irc_user and
  // same_realm_jabber_user; the forwarder check is get_recipient_from_user_profiles'.
  describe('IRC and Jabber mirrors of existing accounts in the organization\'s domains', () => {
    const allowZulipCom = () => realm.clientFor('desdemona@zulip.com').request('POST', '/realm/domains', { domain: 'zulip.com', allow_subdomains: false });

    it('without the domain among the organization\'s, every address is refused', async () => {
      await expectApiError(direct({ client: 'irc_mirror', sender: 'hamlet@zulip.com', to: 'othello@zulip.com,hamlet@zulip.com' }), bad('Invalid mirrored message'));
    });

    it.each(['irc_mirror', 'jabber_mirror', 'JabberMirror'])('%s sends as the named sender what its user received', async (client) => {
      await allowZulipCom();
      const sent = await direct({ client, sender: 'Othello@zulip.com ', to: 'hamlet@zulip.com' });
      const { message } = await hamlet().messages.get({ message_id: sent.id as number });
      expect(message).toMatchObject({ sender_id: realm.userId('othello@zulip.com'), client, display_recipient: [{ email: 'hamlet@zulip.com' }, { email: 'othello@zulip.com' }] });
    });

    it('the events of a mirrored message bring the forwarder\'s and the sender\'s state to what a new register shows', async () => {
      await allowZulipCom();
      const mirror = () => direct({ client: 'irc_mirror', sender: 'othello@zulip.com', to: 'hamlet@zulip.com' });
      await verifyAction(hamlet(), mirror);
      await verifyAction(realm.clientFor('othello@zulip.com'), mirror);
    });

    it('the forwarding user must be among the recipients', async () => {
      await allowZulipCom();
      await expectApiError(direct({ client: 'irc_mirror', sender: 'othello@zulip.com', to: 'cordelia@zulip.com' }), bad('User not authorized for this query'));
    });

    it('an IRC mirror\'s addresses may put irc. before the domain; a Jabber mirror\'s may not', async () => {
      await allowZulipCom();
      await expectApiError(direct({ client: 'jabber_mirror', sender: 'othello@irc.zulip.com', to: 'hamlet@zulip.com' }), bad('Invalid mirrored message'));
      // The domain passes for IRC; the address has no account, for which the server would make a stub the mock does not model.
      await expectApiError(direct({ client: 'irc_mirror', sender: 'nobody@irc.zulip.com', to: 'hamlet@zulip.com' }), bad('Invalid mirrored message'));
      // A system bot has no account in the organization either (the server would make one).
      await expectApiError(direct({ client: 'irc_mirror', sender: 'notification-bot@zulip.com', to: 'hamlet@zulip.com' }), bad('Invalid mirrored message'));
    });
  });
});

describe('widget_content', () => {
  it.each([
    ['{', 'Widgets: API programmer sent invalid JSON content'],
    ['[]', 'Widgets: widget_content is not a dict'],
    ['{"extra_data": {}}', 'Widgets: widget_type is not in widget_content'],
    ['{"widget_type": "zform"}', 'Widgets: extra_data is not in widget_content'],
    ['{"widget_type": "zform", "extra_data": []}', 'Widgets: extra_data is not a dict'],
    ['{"widget_type": "poll", "extra_data": {}}', 'Widgets: unknown widget type: poll'],
    ['{"widget_type": "zform", "extra_data": {}}', 'Widgets: zform is missing type field'],
    ['{"widget_type": "zform", "extra_data": {"type": "form"}}', 'Widgets: unknown zform type: form'],
    ['{"widget_type": "zform", "extra_data": {"type": "choices"}}', 'Widgets: heading key is missing from extra_data'],
    ['{"widget_type": "zform", "extra_data": {"type": "choices", "heading": 1}}', 'Widgets: extra_data["heading"] is not a string'],
    ['{"widget_type": "zform", "extra_data": {"type": "choices", "heading": "h", "choices": {}}}', 'Widgets: extra_data["choices"] is not a list'],
    [
      '{"widget_type": "zform", "extra_data": {"type": "choices", "heading": "h", "choices": [{"short_name": "A", "long_name": "a"}]}}',
      'Widgets: reply key is missing from extra_data["choices"][0]',
    ],
  ])('%s is refused: %s', async (widget_content, msg) => {
    await expectApiError(send({ widget_content }), bad(msg));
  });

  it.each([
    ['a lone surrogate', '{"widget_type": "zform", "extra_data": {"type": "choices", "heading": "\\ud800", "choices": []}}'],
    ['a number too large for a double', '{"widget_type": "zform", "extra_data": {"type": "choices", "heading": "h", "choices": [], "n": 1e400}}'],
  ])('JSON that orjson refuses (%s) is invalid', async (_what, widget_content) => {
    await expectApiError(send({ widget_content }), bad('Widgets: API programmer sent invalid JSON content'));
  });

  it('a float is not a dict, and one in the widget is stored as Python writes a float', async () => {
    await expectApiError(send({ widget_content: '1.5' }), bad('Widgets: widget_content is not a dict'));
    const extra = '"type": "choices", "heading": "h", "choices": [], "n": 1.0, "m": 1e16, "k": 10000000000000000000000';
    const sent = await send({ widget_content: `{"widget_type": "zform", "extra_data": {${extra}}}` });
    const { message } = await hamlet().messages.get({ message_id: sent.id as number });
    expect(message.submessages.map((submessage) => submessage.content)).toEqual([
      '{"widget_type": "zform", "extra_data": {"type": "choices", "heading": "h", "choices": [], "n": 1.0, "m": 1e+16, "k": 1e+22}}',
    ]);
  });

  it('is checked after the channel and before mention permissions', async () => {
    await expectApiError(send({ to: 'Nowhere', widget_content: '{' }), { code: 'STREAM_DOES_NOT_EXIST', status: 400 });
    const group = realm.groupId('hamletcharacters');
    realm.mock.store.tables.userGroup.update(group, { can_mention_group: realm.groupId('role:nobody') });
    await expectApiError(send({ content: '@*hamletcharacters*' }), { code: 'BAD_REQUEST', status: 400 });
    await expectApiError(send({ content: '@*hamletcharacters*', widget_content: '{' }), bad('Widgets: API programmer sent invalid JSON content'));
  });

  it('a zform widget is stored as the message widget submessage, with its event', async () => {
    let id = 0;
    await verifyAction(hamlet(), async () => {
      const sent = await send({ content: '/poll ignored', widget_content: JSON.stringify(ZFORM) });
      expect(sent).not.toHaveProperty('ignored_parameters_unsupported');
      id = sent.id as number;
    });
    const { message } = await hamlet().messages.get({ message_id: id });
    expect(message.submessages).toEqual([
      {
        id: expect.any(Number),
        message_id: id,
        sender_id: realm.userId('hamlet@zulip.com'),
        msg_type: 'widget',
        content: '{"widget_type": "zform", "extra_data": {"type": "choices", "heading": "Pick", "choices": [{"short_name": "A", "long_name": "a", "reply": "a"}]}}',
      },
    ]);
  });
});

describe('time', () => {
  it.each([
    ['abc', 'time is not valid JSON'],
    ['"12"', 'time is not a float'],
  ])('time=%s is refused: %s', async (time, msg) => {
    await expectApiError(send({ time }), bad(msg));
  });

  it('is read before read_by_sender', async () => {
    await expectApiError(send({ time: 'abc', read_by_sender: 'x' }), bad('time is not valid JSON'));
  });

  it.each(['NaN', 'Infinity', '-Infinity', '1e400'])('time=%s is a float to the server (pydantic reads these as floats): read, the message sent', async (time) => {
    const sent = await send({ time });
    expect(sent).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('a valid time is read and, without forging, changes nothing', async () => {
    const before = realm.mock.clock.now();
    const sent = await send({ time: '12.5' });
    expect(sent).not.toHaveProperty('ignored_parameters_unsupported');
    expect(realm.mock.store.tables.message.get(sent.id as number)?.timestamp).toBe(Math.floor(before / 1000));
  });
});
