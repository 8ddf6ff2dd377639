import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { realmSetup } from './support/realm-setup';

const realm = useTestRealm();
const setup = realmSetup(realm);

/** A channel message from `sender`; its ID. */
async function post(sender: string, channel: string, topic = 'flags', content = 'x'): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'channel', to: channel, topic, content })).id;
}

async function flagsSeenBy(client: ChatClient, messageId: number): Promise<string[]> {
  return (await client.messages.get({ message_id: messageId })).message.flags;
}

const INVALID_MESSAGE = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid message(s)' };

describe('flags.update: the flag state table, row by row', () => {
  it.each(['read', 'starred', 'collapsed'] as const)(
    'flag absent + add %s: present, and the ID is listed',
    async (flag) => {
      const id = await post('iago@zulip.com', 'Denmark');
      const hamlet = realm.clientFor('hamlet@zulip.com');
      expect(await flagsSeenBy(hamlet, id)).not.toContain(flag);
      const answer = await hamlet.flags.update({ messages: [id], op: 'add', flag });
      expect(answer.messages).toEqual([id]);
      expect(await flagsSeenBy(hamlet, id)).toContain(flag);
    },
  );

  it.each(['read', 'starred', 'collapsed'] as const)(
    'flag present + remove %s: absent, and the ID is listed',
    async (flag) => {
      const id = await post('iago@zulip.com', 'Denmark');
      const hamlet = realm.clientFor('hamlet@zulip.com');
      await hamlet.flags.update({ messages: [id], op: 'add', flag });
      const answer = await hamlet.flags.update({ messages: [id], op: 'remove', flag });
      expect(answer.messages).toEqual([id]);
      expect(await flagsSeenBy(hamlet, id)).not.toContain(flag);
    },
  );

  it('a message already in the requested state is skipped: not listed, flags unchanged', async () => {
    const id = await post('iago@zulip.com', 'Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.update({ messages: [id], op: 'add', flag: 'starred' });
    expect((await hamlet.flags.update({ messages: [id], op: 'add', flag: 'starred' })).messages).toEqual([]);
    await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'starred' });
    expect((await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'starred' })).messages).toEqual([]);
    expect(setup.flagsOf('hamlet@zulip.com', id)).toEqual([]);
  });

  it('lists exactly the IDs that changed, in request order, each once', async () => {
    const [a, b, c] = [
      await post('iago@zulip.com', 'Denmark'),
      await post('iago@zulip.com', 'Denmark'),
      await post('iago@zulip.com', 'Denmark'),
    ];
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.update({ messages: [b], op: 'add', flag: 'starred' });
    const answer = await hamlet.flags.update({ messages: [c, b, a, c], op: 'add', flag: 'starred' });
    expect(answer).toEqual({ messages: [c, a] });
  });

  it('read + remove in a channel the user is not subscribed to: skipped, the channel reported', async () => {
    const scotland = await post('iago@zulip.com', 'Scotland');
    const denmark = await post('iago@zulip.com', 'Denmark');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await cordelia.flags.update({ messages: [denmark], op: 'add', flag: 'read' });
    const answer = await cordelia.flags.update({ messages: [scotland, denmark], op: 'remove', flag: 'read' });
    expect(answer).toEqual({
      messages: [denmark],
      ignored_because_not_subscribed_channels: [realm.channelId('Scotland')],
    });
    expect(await flagsSeenBy(cordelia, scotland)).toEqual(['read', 'historical']);
    expect(setup.flagsOf('cordelia@zulip.com', scotland)).toBeUndefined();
  });

  it('a channel the user left counts as not subscribed when marking unread', async () => {
    const id = await post('iago@zulip.com', 'Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' });
    setup.unsubscribe('hamlet@zulip.com', 'Denmark');
    const answer = await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'read' });
    expect(answer).toEqual({ messages: [], ignored_because_not_subscribed_channels: [realm.channelId('Denmark')] });
    expect(setup.flagsOf('hamlet@zulip.com', id)).toEqual(['read']);
  });

  it('ignored_because_not_subscribed_channels is present only for flag=read with op=remove', async () => {
    const id = await post('iago@zulip.com', 'Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' })).toEqual({ messages: [id] });
    expect(await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'read' })).toEqual({
      messages: [id],
      ignored_because_not_subscribed_channels: [],
    });
    expect(await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'starred' })).toEqual({ messages: [] });
  });

  it('direct messages are never skipped when marking unread', async () => {
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'hi' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.flags.update({ messages: [id], op: 'add', flag: 'read' });
    expect(await hamlet.flags.update({ messages: [id], op: 'remove', flag: 'read' })).toEqual({
      messages: [id],
      ignored_because_not_subscribed_channels: [],
    });
  });

  it('an empty list succeeds and changes nothing', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.flags.update({ messages: [], op: 'add', flag: 'starred' })).toEqual({ messages: [] });
  });
});

describe('flags.update: messages the user has no copy of (read and historical)', () => {
  it('starring a public channel message the user never received creates a historical copy', async () => {
    const id = await post('iago@zulip.com', 'Scotland');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    expect(setup.flagsOf('cordelia@zulip.com', id)).toBeUndefined();
    expect(await cordelia.flags.update({ messages: [id], op: 'add', flag: 'starred' })).toEqual({ messages: [id] });
    expect(setup.flagsOf('cordelia@zulip.com', id)).toEqual(['read', 'starred', 'historical']);
    expect(await flagsSeenBy(cordelia, id)).toEqual(['read', 'starred', 'historical']);
    // The copy stays when the star goes.
    expect(await cordelia.flags.update({ messages: [id], op: 'remove', flag: 'starred' })).toEqual({ messages: [id] });
    expect(setup.flagsOf('cordelia@zulip.com', id)).toEqual(['read', 'historical']);
  });

  it('collapsing one creates a historical copy too', async () => {
    const id = await post('iago@zulip.com', 'Scotland');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    expect((await cordelia.flags.update({ messages: [id], op: 'add', flag: 'collapsed' })).messages).toEqual([id]);
    expect(setup.flagsOf('cordelia@zulip.com', id)).toEqual(['read', 'collapsed', 'historical']);
  });

  it('adding read or removing starred/collapsed is a no-op without a copy, even for unknown IDs', async () => {
    const id = await post('iago@zulip.com', 'Scotland');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    expect((await cordelia.flags.update({ messages: [id, 999_999], op: 'add', flag: 'read' })).messages).toEqual([]);
    for (const flag of ['starred', 'collapsed'] as const) {
      expect((await cordelia.flags.update({ messages: [id, 999_999], op: 'remove', flag })).messages).toEqual([]);
    }
    expect(setup.flagsOf('cordelia@zulip.com', id)).toBeUndefined();
  });

  it('marking unread a message of a subscribed channel sent before joining creates an unread historical copy', async () => {
    const id = await post('iago@zulip.com', 'Scotland');
    setup.subscribe('cordelia@zulip.com', 'Scotland');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    expect(await cordelia.flags.update({ messages: [id], op: 'remove', flag: 'read' })).toEqual({
      messages: [id],
      ignored_because_not_subscribed_channels: [],
    });
    expect(setup.flagsOf('cordelia@zulip.com', id)).toEqual(['historical']);
  });
});

describe('flags.update: who may change flags on what', () => {
  it('a guest may star messages of channels they are subscribed to', async () => {
    const id = await post('iago@zulip.com', 'Verona');
    const polonius = realm.clientFor('polonius@zulip.com');
    expect((await polonius.flags.update({ messages: [id], op: 'add', flag: 'starred' })).messages).toEqual([id]);
  });

  it('a guest may not star a public channel message they never received', async () => {
    const id = await post('iago@zulip.com', 'Denmark');
    await expectApiError(
      realm.clientFor('polonius@zulip.com').flags.update({ messages: [id], op: 'add', flag: 'starred' }),
      INVALID_MESSAGE,
    );
    expect(setup.flagsOf('polonius@zulip.com', id)).toBeUndefined();
  });

  it('a private channel message is invalid for a non-subscriber, an administrator included', async () => {
    setup.unsubscribe('iago@zulip.com', 'core team');
    const id = await post('hamlet@zulip.com', 'core team');
    for (const email of ['cordelia@zulip.com', 'iago@zulip.com']) {
      await expectApiError(
        realm.clientFor(email).flags.update({ messages: [id], op: 'add', flag: 'starred' }),
        INVALID_MESSAGE,
      );
    }
    setup.subscribe('cordelia@zulip.com', 'core team');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    expect((await cordelia.flags.update({ messages: [id], op: 'add', flag: 'starred' })).messages).toEqual([id]);
  });

  it('a private channel with protected history: messages from before joining stay invalid', async () => {
    realm.mock.store.tables.channel.update(realm.channelId('core team'), { history_public_to_subscribers: false });
    const before = await post('hamlet@zulip.com', 'core team');
    setup.subscribe('cordelia@zulip.com', 'core team');
    const after = await post('hamlet@zulip.com', 'core team');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await expectApiError(cordelia.flags.update({ messages: [before], op: 'add', flag: 'starred' }), INVALID_MESSAGE);
    expect((await cordelia.flags.update({ messages: [after], op: 'add', flag: 'starred' })).messages).toEqual([after]);
  });

  it("someone else's direct message is invalid, to star and to mark unread", async () => {
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'hi' });
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.flags.update({ messages: [id], op: 'add', flag: 'starred' }), INVALID_MESSAGE);
    await expectApiError(othello.flags.update({ messages: [id], op: 'remove', flag: 'read' }), INVALID_MESSAGE);
  });

  it('one invalid ID fails the whole request before anything changes', async () => {
    const ok = await post('iago@zulip.com', 'Scotland');
    const received = await post('iago@zulip.com', 'Denmark');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await expectApiError(
      cordelia.flags.update({ messages: [received, ok, 999_999], op: 'add', flag: 'starred' }),
      INVALID_MESSAGE,
    );
    expect(setup.flagsOf('cordelia@zulip.com', received)).toEqual([]);
    expect(setup.flagsOf('cordelia@zulip.com', ok)).toBeUndefined();
  });

  it('an unknown ID is invalid when starring or marking unread', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.flags.update({ messages: [999_999], op: 'add', flag: 'collapsed' }), INVALID_MESSAGE);
    await expectApiError(hamlet.flags.update({ messages: [999_999], op: 'remove', flag: 'read' }), INVALID_MESSAGE);
  });
});

describe('flags.update: invalid requests, with the server wording', () => {
  const update = (flag: string, op = 'add') =>
    realm.raw(
      'hamlet@zulip.com',
      'POST',
      '/messages/flags',
      new URLSearchParams({ messages: '[]', op, flag }),
    );

  async function expectRawError(response: Response, msg: string, code = 'BAD_REQUEST', extra = {}) {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: 'error', msg, code, ...extra });
  }

  it.each(['bogus', 'wildcard_mentioned', 'is_private', 'active_mobile_push_notification', 'READ', ''])(
    'flag %j is not a flag: "Invalid flag"',
    async (flag) => {
      await expectRawError(await update(flag), `Invalid flag: '${flag}'`);
    },
  );

  it.each([
    'mentioned',
    'stream_wildcard_mentioned',
    'topic_wildcard_mentioned',
    'group_mentioned',
    'has_alert_word',
    'historical',
    'force_expand',
    'force_collapse',
  ])('flag %s is set by the server only: "Flag not editable"', async (flag) => {
    await expectRawError(await update(flag), `Flag not editable: '${flag}'`);
    await expectRawError(await update(flag, 'remove'), `Flag not editable: '${flag}'`);
  });

  it('an operation other than add or remove; the flag is checked first', async () => {
    await expectRawError(await update('starred', 'toggle'), "Invalid message flag operation: 'toggle'");
    await expectRawError(await update('bogus', 'toggle'), "Invalid flag: 'bogus'");
  });

  it('missing parameters, in declaration order', async () => {
    const send = (body: Record<string, string>) =>
      realm.raw('hamlet@zulip.com', 'POST', '/messages/flags', new URLSearchParams(body));
    await expectRawError(await send({ op: 'add', flag: 'read' }), "Missing 'messages' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'messages',
    });
    await expectRawError(await send({ messages: '[]', flag: 'read' }), "Missing 'op' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'op',
    });
    await expectRawError(await send({ messages: '[]', op: 'add' }), "Missing 'flag' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'flag',
    });
  });

  it('messages must be a JSON list of integers', async () => {
    const send = (messages: string) =>
      realm.raw('hamlet@zulip.com', 'POST', '/messages/flags', new URLSearchParams({ messages, op: 'add', flag: 'read' }));
    await expectRawError(await send('[1,'), 'messages is not valid JSON');
    await expectRawError(await send('5'), 'messages is not a list');
    await expectRawError(await send('[1, "2"]'), 'messages[1] is not an integer');
  });

  it('requires credentials', async () => {
    const response = await realm.raw(undefined, 'POST', '/messages/flags', new URLSearchParams({ messages: '[]', op: 'add', flag: 'read' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
  });
});
