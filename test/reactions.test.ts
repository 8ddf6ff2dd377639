import { describe, expect, it } from 'vitest';
import { ReactionAlreadyExistsError, ReactionDoesNotExistError } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const badRequest = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const INVALID_MESSAGE = badRequest('Invalid message(s)');

async function sendToDenmark(content = 'to react to'): Promise<number> {
  const { id } = await realm
    .clientFor('iago@zulip.com')
    .messages.send({ type: 'channel', to: 'Denmark', topic: 'reactions', content });
  return id;
}

async function reactionsOf(messageId: number, viewer = 'iago@zulip.com') {
  return (await realm.clientFor(viewer).messages.get({ message_id: messageId })).message.reactions;
}

function greenTickId(): string {
  const emoji = realm.mock.store.activeRealmEmojiByName('green_tick');
  if (!emoji) throw new Error('the default realm has the green_tick custom emoji');
  return String(emoji.id);
}

describe('reactions.add', () => {
  it('adds a unicode emoji by name: the Message object lists it with its code and type', async () => {
    const id = await sendToDenmark();
    await realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    expect(await reactionsOf(id)).toEqual([
      {
        emoji_name: 'octopus',
        emoji_code: '1f419',
        reaction_type: 'unicode_emoji',
        user_id: realm.userId('hamlet@zulip.com'),
      },
    ]);
  });

  it('adds by name, code and type; the server names resolve to its codes (+1, thumbs_up, heart, tada)', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.reactions.add({ message_id: id, emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
    await hamlet.reactions.add({ message_id: id, emoji_name: 'heart' });
    await hamlet.reactions.add({ message_id: id, emoji_name: 'tada', emoji_code: '1f389' });
    expect((await reactionsOf(id)).map((reaction) => [reaction.emoji_name, reaction.emoji_code])).toEqual([
      ['+1', '1f44d'],
      ['heart', '2764'],
      ['tada', '1f389'],
    ]);
  });

  it('adds a custom emoji by name alone: realm_emoji with the emoji ID as its code', async () => {
    const id = await sendToDenmark();
    await realm.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'green_tick' });
    expect(await reactionsOf(id)).toEqual([
      {
        emoji_name: 'green_tick',
        emoji_code: greenTickId(),
        reaction_type: 'realm_emoji',
        user_id: realm.userId('othello@zulip.com'),
      },
    ]);
  });

  it("adds the extra emoji zulip (code = name) as the spec's service_extra_emoji; the reference server's zulip_extra_emoji is read as it", async () => {
    const id = await sendToDenmark();
    await realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: 'zulip' });
    await realm
      .clientFor('othello@zulip.com')
      .reactions.add({ message_id: id, emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' });
    await realm.clientFor('iago@zulip.com').reactions.add({ message_id: id, emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expect((await reactionsOf(id)).map((reaction) => [reaction.emoji_code, reaction.reaction_type])).toEqual([
      ['zulip', 'service_extra_emoji'],
      ['zulip', 'service_extra_emoji'],
      ['zulip', 'service_extra_emoji'],
    ]);
    await realm.clientFor('iago@zulip.com').reactions.remove({ message_id: id, emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expect(await reactionsOf(id)).toHaveLength(2);
  });

  it('lists reactions oldest first, across users and emoji; removing one keeps the order of the rest', async () => {
    const id = await sendToDenmark();
    const order: [string, string][] = [
      ['othello@zulip.com', 'octopus'],
      ['hamlet@zulip.com', 'heart'],
      ['iago@zulip.com', 'octopus'],
      ['hamlet@zulip.com', 'green_tick'],
      ['cordelia@zulip.com', 'zulip'],
    ];
    for (const [email, emoji_name] of order) await realm.clientFor(email).reactions.add({ message_id: id, emoji_name });
    const listed = async () =>
      (await reactionsOf(id)).map((reaction) => [reaction.user_id, reaction.emoji_name] as const);
    expect(await listed()).toEqual(order.map(([email, name]) => [realm.userId(email), name]));
    await realm.clientFor('hamlet@zulip.com').reactions.remove({ message_id: id, emoji_name: 'heart' });
    expect(await listed()).toEqual(
      order.filter(([, name]) => name !== 'heart').map(([email, name]) => [realm.userId(email), name]),
    );
  });

  it('a second user reacting with the same emoji under another name votes for the first name', async () => {
    const id = await sendToDenmark();
    await realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: '+1' });
    await realm.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'thumbs_up' });
    expect((await reactionsOf(id)).map((reaction) => reaction.emoji_name)).toEqual(['+1', '+1']);
  });

  it('a reaction by a user who never received a public channel message gives them a read, historical copy', async () => {
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Scotland', topic: 'weather', content: 'sun' });
    const cordelia = realm.clientFor('cordelia@zulip.com');
    expect(realm.mock.store.userMessages.has(realm.userId('cordelia@zulip.com'), id)).toBe(false);
    await cordelia.reactions.add({ message_id: id, emoji_name: 'octopus' });
    expect(realm.mock.store.userMessages.flags(realm.userId('cordelia@zulip.com'), id)).toEqual(['read', 'historical']);
  });

  it('a user whose setting is "follow on participation" follows the topic by reacting', async () => {
    const othelloId = realm.userId('othello@zulip.com');
    realm.mock.store.tables.user.update(othelloId, { automatically_follow_topics_policy: 1 });
    const id = await sendToDenmark();
    await realm.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    expect(realm.mock.store.userTopic(othelloId, realm.channelId('Denmark'), 'reactions')?.visibility_policy).toBe(3);
  });

  it('with the default setting (follow on initiation), reacting changes no topic policy', async () => {
    const id = await sendToDenmark();
    await realm.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    const othelloId = realm.userId('othello@zulip.com');
    expect(realm.mock.store.userTopic(othelloId, realm.channelId('Denmark'), 'reactions')).toBeUndefined();
  });

  it('a guest may react in a channel they are subscribed to, and in their direct messages', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    const { id } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' });
    await polonius.reactions.add({ message_id: id, emoji_name: 'octopus' });
    const dm = await realm.clientFor('iago@zulip.com').messages.send({ type: 'direct', to: ['polonius@zulip.com'], content: 'hi' });
    await polonius.reactions.add({ message_id: dm.id, emoji_name: 'wave' });
    expect((await reactionsOf(dm.id)).map((reaction) => reaction.emoji_name)).toEqual(['wave']);
  });
});

describe('reactions.add errors', () => {
  it('the same emoji twice, under any name, is REACTION_ALREADY_EXISTS', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.reactions.add({ message_id: id, emoji_name: '+1' });
    const expected = { code: 'REACTION_ALREADY_EXISTS', status: 400, msg: 'Reaction already exists.' };
    await expectApiError(hamlet.reactions.add({ message_id: id, emoji_name: '+1' }), expected);
    await expectApiError(hamlet.reactions.add({ message_id: id, emoji_name: 'thumbs_up' }), expected);
    await expect(hamlet.reactions.add({ message_id: id, emoji_name: '+1' })).rejects.toBeInstanceOf(
      ReactionAlreadyExistsError,
    );
  });

  it('an unknown name, a name that does not match the code, an unknown code, an unknown type', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(
      hamlet.reactions.add({ message_id: id, emoji_name: 'no_such_emoji' }),
      badRequest("Emoji 'no_such_emoji' does not exist"),
    );
    await expectApiError(
      hamlet.reactions.add({ message_id: id, emoji_name: 'octopus', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }),
      badRequest('Invalid emoji name.'),
    );
    await expectApiError(
      hamlet.reactions.add({ message_id: id, emoji_name: 'octopus', emoji_code: 'fffff', reaction_type: 'unicode_emoji' }),
      badRequest('Invalid emoji code.'),
    );
    await expectApiError(
      hamlet.reactions.add({ message_id: id, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'emoji' }),
      badRequest('Invalid emoji type.'),
    );
    // Without a type, the name is looked up first.
    await expectApiError(
      hamlet.reactions.add({ message_id: id, emoji_name: 'no_such_emoji', emoji_code: '1f419' }),
      badRequest("Emoji 'no_such_emoji' does not exist"),
    );
    expect(await reactionsOf(id)).toEqual([]);
  });

  it('custom and extra emoji: wrong codes and names', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const tick = greenTickId();
    const cases: [Parameters<typeof hamlet.reactions.add>[0], string][] = [
      [{ message_id: id, emoji_name: 'green_tick', emoji_code: '999999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ message_id: id, emoji_name: 'green_tick', emoji_code: `0${tick}`, reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ message_id: id, emoji_name: 'red_tick', emoji_code: tick, reaction_type: 'realm_emoji' }, 'Invalid custom emoji name.'],
      [{ message_id: id, emoji_name: 'zulip', emoji_code: 'zulip2', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji code.'],
      [{ message_id: id, emoji_name: 'octopus', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji name.'],
      [{ message_id: id, emoji_name: 'green_tick', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
    ];
    for (const [params, msg] of cases) await expectApiError(hamlet.reactions.add(params), badRequest(msg));
  });

  it('a deactivated custom emoji: gone by name, refused by code, but an existing reaction can still get votes', async () => {
    const id = await sendToDenmark();
    const tick = greenTickId();
    await realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: 'green_tick' });
    realm.mock.store.tables.realmEmoji.update(Number(tick), { deactivated: true });
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(
      othello.reactions.add({ message_id: id, emoji_name: 'green_tick' }),
      badRequest("Emoji 'green_tick' does not exist"),
    );
    const other = await sendToDenmark('another');
    await expectApiError(
      othello.reactions.add({ message_id: other, emoji_name: 'green_tick', emoji_code: tick, reaction_type: 'realm_emoji' }),
      badRequest('This custom emoji has been deactivated.'),
    );
    await othello.reactions.add({ message_id: id, emoji_name: 'anything', emoji_code: tick, reaction_type: 'realm_emoji' });
    expect((await reactionsOf(id)).map((reaction) => reaction.emoji_name)).toEqual(['green_tick', 'green_tick']);
  });

  it('emoji_name is required', async () => {
    const id = await sendToDenmark();
    const response = await realm.raw(
      'hamlet@zulip.com',
      'POST',
      `/messages/${id}/reactions`,
      new URLSearchParams({ emoji_code: '1f419' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: "Missing 'emoji_name' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'emoji_name',
    });
  });

  it('"Invalid message(s)" for a message the user cannot read or may not change', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const octopus = { emoji_name: 'octopus' };
    await expectApiError(realm.clientFor('iago@zulip.com').reactions.add({ message_id: 999_999, ...octopus }), INVALID_MESSAGE);
    const dm = await hamlet.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'secret' });
    await expectApiError(realm.clientFor('cordelia@zulip.com').reactions.add({ message_id: dm.id, ...octopus }), INVALID_MESSAGE);
    const core = await hamlet.messages.send({ type: 'channel', to: 'core team', topic: 't', content: 'x' });
    // A non-subscriber of a private channel, even an administrator-free member.
    await expectApiError(realm.clientFor('othello@zulip.com').reactions.add({ message_id: core.id, ...octopus }), INVALID_MESSAGE);
    const denmark = await sendToDenmark();
    // A guest not subscribed to a public channel.
    await expectApiError(realm.clientFor('polonius@zulip.com').reactions.add({ message_id: denmark, ...octopus }), INVALID_MESSAGE);
    // An archived channel: readable, but its messages may not change.
    realm.mock.store.tables.channel.update(realm.channelId('Denmark'), { is_archived: true });
    await expectApiError(hamlet.reactions.add({ message_id: denmark, ...octopus }), INVALID_MESSAGE);
  });

  it('the message is checked before the emoji', async () => {
    await expectApiError(
      realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: 999_999, emoji_name: 'no_such_emoji' }),
      INVALID_MESSAGE,
    );
  });
});

describe('reactions.remove', () => {
  it('removes by name or by code', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.reactions.add({ message_id: id, emoji_name: 'octopus' });
    await hamlet.reactions.add({ message_id: id, emoji_name: 'heart' });
    await hamlet.reactions.remove({ message_id: id, emoji_name: 'octopus' });
    await hamlet.reactions.remove({ message_id: id, emoji_code: '2764' });
    expect(await reactionsOf(id)).toEqual([]);
  });

  it('removes only the caller own reaction', async () => {
    const id = await sendToDenmark();
    await realm.clientFor('hamlet@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    await realm.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    await realm.clientFor('othello@zulip.com').reactions.remove({ message_id: id, emoji_name: 'octopus' });
    expect((await reactionsOf(id)).map((reaction) => reaction.user_id)).toEqual([realm.userId('hamlet@zulip.com')]);
    await expectApiError(realm.clientFor('iago@zulip.com').reactions.remove({ message_id: id, emoji_name: 'octopus' }), {
      code: 'REACTION_DOES_NOT_EXIST',
      status: 400,
      msg: "Reaction doesn't exist.",
    });
  });

  it("a missing reaction is REACTION_DOES_NOT_EXIST (\"Reaction doesn't exist.\")", async () => {
    const id = await sendToDenmark();
    const error = realm.clientFor('hamlet@zulip.com').reactions.remove({ message_id: id, emoji_name: 'octopus' });
    await expect(error).rejects.toBeInstanceOf(ReactionDoesNotExistError);
    await expectApiError(realm.clientFor('hamlet@zulip.com').reactions.remove({ message_id: id, emoji_code: '1f419' }), {
      code: 'REACTION_DOES_NOT_EXIST',
      status: 400,
      msg: "Reaction doesn't exist.",
    });
  });

  it('reaction_type defaults to unicode_emoji: a custom emoji is removed with realm_emoji', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.reactions.add({ message_id: id, emoji_name: 'green_tick' });
    await expectApiError(hamlet.reactions.remove({ message_id: id, emoji_name: 'green_tick' }), {
      code: 'REACTION_DOES_NOT_EXIST',
      status: 400,
    });
    await hamlet.reactions.remove({ message_id: id, emoji_name: 'green_tick', reaction_type: 'realm_emoji' });
    expect(await reactionsOf(id)).toEqual([]);
  });

  it('a reaction with a since-deactivated custom emoji is removed by code', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.reactions.add({ message_id: id, emoji_name: 'green_tick' });
    realm.mock.store.tables.realmEmoji.update(Number(greenTickId()), { deactivated: true });
    const code = (await reactionsOf(id))[0]?.emoji_code ?? '';
    await hamlet.reactions.remove({ message_id: id, emoji_code: code, reaction_type: 'realm_emoji' });
    expect(await reactionsOf(id)).toEqual([]);
  });

  it('needs a name or a code, and an unknown name is an error', async () => {
    const id = await sendToDenmark();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(
      hamlet.reactions.remove({ message_id: id }),
      badRequest('At least one of the following arguments must be present: emoji_name, emoji_code'),
    );
    await expectApiError(
      hamlet.reactions.remove({ message_id: id, emoji_name: 'no_such_emoji' }),
      badRequest("Emoji 'no_such_emoji' does not exist"),
    );
  });

  it('"Invalid message(s)" first, for a message the user cannot read', async () => {
    const { id } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'channel', to: 'core team', topic: 't', content: 'x' });
    await expectApiError(realm.clientFor('othello@zulip.com').reactions.remove({ message_id: id }), INVALID_MESSAGE);
    await expectApiError(realm.clientFor('hamlet@zulip.com').reactions.remove({ message_id: 999_999 }), INVALID_MESSAGE);
  });
});
