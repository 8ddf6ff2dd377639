import { describe, expect, it } from 'vitest';
import { setVisibilityPolicy, VisibilityPolicy } from '../mock/domain/user-topics';
import { type ChatClient, type NarrowInput, type NarrowTermInput, narrow } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';
const OTHELLO = 'othello@zulip.com';

/** Messages sent for these tests, all newer than the seed's, as hamlet sees them. */
async function conversation() {
  const iago = realm.clientFor(IAGO);
  const othello = realm.clientFor(OTHELLO);
  const hamlet = realm.clientFor(HAMLET);
  const send = async (client: ChatClient, params: Parameters<ChatClient['messages']['send']>[0]) =>
    (await client.messages.send(params)).id;
  const lunch = await send(iago, {
    type: 'channel',
    to: 'Verona',
    topic: 'lunch',
    content: "Let's get lunch at the castle: https://example.com/menu",
  });
  const pizza = await send(othello, { type: 'channel', to: 'Verona', topic: 'Lunch', content: '**Pizza** anyone?' });
  const castles = await send(hamlet, {
    type: 'channel',
    to: 'Denmark',
    topic: 'castle',
    content: 'I walked to the castles',
    read_by_sender: true,
  });
  const secret = await send(iago, { type: 'direct', to: [HAMLET], content: 'secret plans' });
  const group = await send(iago, { type: 'direct', to: [HAMLET, OTHELLO], content: 'group plans' });
  const note = await send(hamlet, { type: 'direct', to: [HAMLET], content: 'note to self', read_by_sender: true });
  return { lunch, pizza, castles, secret, group, note, all: [lunch, pizza, castles, secret, group, note] };
}

type Sent = Awaited<ReturnType<typeof conversation>>;

/** The IDs hamlet gets for a narrow, from the first sent message on (the seed's are older). */
async function idsFor(sent: Sent, narrowed: NarrowInput, email = HAMLET): Promise<number[]> {
  const page = await realm
    .clientFor(email)
    .messages.list({ narrow: narrowed, anchor: sent.lunch, num_before: 0, num_after: 1000 });
  return page.messages.map((message) => message.id);
}

const without = (all: readonly number[], ...excluded: number[]) => all.filter((id) => !excluded.includes(id));

describe('narrow operators and their negation', () => {
  it('channel (name, ID, legacy stream pair) and its negation', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().channel('verona'))).toEqual([sent.lunch, sent.pizza]);
    // The server strips a name (Python's whitespace, \x1f included) before looking it up.
    expect(await idsFor(sent, narrow().channel(' Verona\u001f'))).toEqual([sent.lunch, sent.pizza]);
    expect(await idsFor(sent, narrow().channel(realm.channelId('Verona')))).toEqual([sent.lunch, sent.pizza]);
    expect(await idsFor(sent, [['stream', 'Verona']])).toEqual([sent.lunch, sent.pizza]);
    expect(await idsFor(sent, narrow().not.channel('Verona'))).toEqual(without(sent.all, sent.lunch, sent.pizza));
  });

  it('topic, case-insensitive, and its negation (direct messages have no topic)', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().topic('LUNCH'))).toEqual([sent.lunch, sent.pizza]);
    expect(await idsFor(sent, narrow().not.topic('lunch'))).toEqual(without(sent.all, sent.lunch, sent.pizza));
  });

  it('sender by email or ID, and its negation', async () => {
    const sent = await conversation();
    const byIago = [sent.lunch, sent.secret, sent.group];
    expect(await idsFor(sent, narrow().sender(IAGO))).toEqual(byIago);
    expect(await idsFor(sent, narrow().sender(realm.userId(IAGO)))).toEqual(byIago);
    expect(await idsFor(sent, narrow().not.sender(IAGO))).toEqual(without(sent.all, ...byIago));
    // Addresses are stripped as Python strips: \x1f and \x85 go, which JavaScript's trim() keeps.
    expect(await idsFor(sent, narrow().sender(`\u001f${IAGO}\u0085`))).toEqual(byIago);
    expect(await idsFor(sent, narrow().dm(`${IAGO}\u001f`))).toEqual([sent.secret]);
  });

  it('dm: one conversation by IDs or emails (1:1 both ways, group, self), the legacy pm-with, and its negation', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().dm([realm.userId(IAGO)]))).toEqual([sent.secret]);
    expect(await idsFor(sent, narrow().dm(IAGO))).toEqual([sent.secret]);
    expect(await idsFor(sent, narrow().dm([IAGO, OTHELLO]))).toEqual([sent.group]);
    expect(await idsFor(sent, narrow().dm([realm.userId(HAMLET)]))).toEqual([sent.note]);
    expect(await idsFor(sent, [['pm-with', IAGO]])).toEqual([sent.secret]);
    expect(await idsFor(sent, [{ operator: 'dm', operand: [realm.userId(IAGO)], negated: true }])).toEqual(
      without(sent.all, sent.secret),
    );
    // A group conversation that never happened matches nothing; it is not an error. Nor is an empty list.
    expect(await idsFor(sent, narrow().dm([IAGO, 'cordelia@zulip.com']))).toEqual([]);
    expect(await idsFor(sent, [{ operator: 'dm', operand: [] }])).toEqual([]);
    expect(await idsFor(sent, [{ operator: 'dm', operand: [], negated: true }])).toEqual(sent.all);
  });

  it('dm-including (own ID: every direct message), group-pm-with, and their negation', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().dmIncluding(IAGO))).toEqual([sent.secret, sent.group]);
    expect(await idsFor(sent, narrow().dmIncluding(realm.userId(HAMLET)))).toEqual([sent.secret, sent.group, sent.note]);
    expect(await idsFor(sent, narrow().not.dmIncluding(IAGO))).toEqual(without(sent.all, sent.secret, sent.group));
    expect(await idsFor(sent, [['group-pm-with', OTHELLO]])).toEqual([sent.group]);
    expect(await idsFor(sent, [{ operator: 'group-pm-with', operand: OTHELLO, negated: true }])).toEqual(
      without(sent.all, sent.group),
    );
  });

  it('is:dm and is:private, and their negation', async () => {
    const sent = await conversation();
    const direct = [sent.secret, sent.group, sent.note];
    expect(await idsFor(sent, narrow().is('dm'))).toEqual(direct);
    expect(await idsFor(sent, narrow().is('private'))).toEqual(direct);
    expect(await idsFor(sent, narrow().not.is('dm'))).toEqual([sent.lunch, sent.pizza, sent.castles]);
  });

  it('is:starred, is:unread and is:alerted read the user’s flags; negation inverts them', async () => {
    const sent = await conversation();
    const copies = realm.mock.store.userMessages;
    const hamlet = realm.userId(HAMLET);
    copies.setFlag(hamlet, sent.pizza, 'starred', true);
    copies.setFlag(hamlet, sent.secret, 'has_alert_word', true);
    copies.setFlag(hamlet, sent.lunch, 'read', true);
    expect(await idsFor(sent, narrow().is('starred'))).toEqual([sent.pizza]);
    expect(await idsFor(sent, narrow().not.is('starred'))).toEqual(without(sent.all, sent.pizza));
    expect(await idsFor(sent, narrow().is('unread'))).toEqual([sent.pizza, sent.secret, sent.group]);
    expect(await idsFor(sent, narrow().not.is('unread'))).toEqual([sent.lunch, sent.castles, sent.note]);
    expect(await idsFor(sent, narrow().is('alerted'))).toEqual([sent.secret]);
    expect(await idsFor(sent, narrow().not.is('alerted'))).toEqual(without(sent.all, sent.secret));
  });

  it('is:mentioned covers direct, channel-wildcard and topic-wildcard mentions', async () => {
    const sent = await conversation();
    const iago = realm.clientFor(IAGO);
    const direct = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'x', content: 'hi @**King Hamlet**' })).id;
    const wildcard = (await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'y', content: '@**all** meeting' })).id;
    const ids = await idsFor(sent, narrow().is('mentioned'));
    expect(ids).toEqual([direct, wildcard]);
    expect(await idsFor(sent, narrow().not.is('mentioned'))).toEqual(sent.all);
  });

  it('is:resolved tests the ✔ prefix of the topic', async () => {
    const sent = await conversation();
    const done = (await realm.clientFor(IAGO).messages.send({ type: 'channel', to: 'Verona', topic: '✔ done', content: 'ok' })).id;
    expect(await idsFor(sent, narrow().is('resolved'))).toEqual([done]);
    expect(await idsFor(sent, narrow().not.is('resolved'))).toEqual(sent.all);
  });

  it('is:followed, is:muted and is:unmuted read topic and channel visibility', async () => {
    const sent = await conversation();
    const { state, store } = realm.mock;
    const hamlet = realm.userId(HAMLET);
    setVisibilityPolicy(state, hamlet, realm.channelId('Verona'), 'lunch', VisibilityPolicy.FOLLOWED);
    expect(await idsFor(sent, narrow().is('followed'))).toEqual([sent.lunch, sent.pizza]);
    expect(await idsFor(sent, narrow().not.is('followed'))).toEqual(without(sent.all, sent.lunch, sent.pizza));
    setVisibilityPolicy(state, hamlet, realm.channelId('Verona'), 'LUNCH', VisibilityPolicy.MUTED);
    const denmark = store.subscription(hamlet, realm.channelId('Denmark'));
    store.tables.subscription.update(denmark?.id ?? 0, { is_muted: true });
    expect(await idsFor(sent, narrow().is('muted'))).toEqual([sent.lunch, sent.pizza, sent.castles]);
    expect(await idsFor(sent, narrow().not.is('muted'))).toEqual([sent.secret, sent.group, sent.note]);
    // in:home leaves out muted conversations, a muted channel too when the narrow names it (the
    // server's in:home looks at no other term); without in:home a channel narrow shows it.
    expect(await idsFor(sent, narrow().in('home'))).toEqual([sent.secret, sent.group, sent.note]);
    expect(await idsFor(sent, narrow().channel('Denmark').in('home'))).toEqual([]);
    expect(await idsFor(sent, narrow().channel('Denmark'))).toEqual([sent.castles]);
    expect(await idsFor(sent, narrow().in('all'))).toEqual(sent.all);
    // The server returns its query unchanged for in:all, negated or not.
    expect(await idsFor(sent, narrow().not.in('all'))).toEqual(sent.all);
  });

  it('a channel muted and then unsubscribed from no longer counts as muted for is:muted and in:home', async () => {
    const sent = await conversation();
    const hamlet = realm.clientFor(HAMLET);
    const denmark = realm.channelId('Denmark');
    await hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: denmark, property: 'is_muted', value: true }] });
    expect(await idsFor(sent, narrow().is('muted'))).toEqual([sent.castles]);
    await hamlet.subscriptions.remove({ subscriptions: ['Denmark'] });
    // The server's muting reads active subscriptions only; the muted flag stays on the old one.
    expect(realm.mock.store.subscription(realm.userId(HAMLET), denmark)?.is_muted).toBe(true);
    expect(await idsFor(sent, narrow().is('muted'))).toEqual([]);
    expect(await idsFor(sent, narrow().in('home'))).toEqual(sent.all);
  });

  it('has:link, has:image from the rendered content, has:attachment from linked uploads, and their negation', async () => {
    const sent = await conversation();
    const iago = realm.clientFor(IAGO);
    const image = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'p', content: '![cat](https://example.com/cat.png)' })).id;
    const { url } = await iago.uploads.upload(new File(['n'], 'notes.txt'));
    const upload = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'p', content: `[notes](${url})` })).id;
    // A link to no stored upload is a link, not an attachment.
    const dangling = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'p', content: '[gone](/user_uploads/1/ab/gone.txt)' })).id;
    const all = [...sent.all, image, upload, dangling];
    expect(await idsFor(sent, narrow().has('link'))).toEqual([sent.lunch, upload, dangling]);
    expect(await idsFor(sent, narrow().not.has('link'))).toEqual(without(all, sent.lunch, upload, dangling));
    expect(await idsFor(sent, narrow().has('image'))).toEqual([image]);
    expect(await idsFor(sent, narrow().not.has('image'))).toEqual(without(all, image));
    expect(await idsFor(sent, narrow().has('attachment'))).toEqual([upload]);
    expect(await idsFor(sent, narrow().not.has('attachment'))).toEqual(without(all, upload));
  });

  it('has:reaction: messages with at least one reaction, until the last one is removed', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().has('reaction'))).toEqual([]);
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.reactions.add({ message_id: sent.pizza, emoji_name: 'octopus' });
    await realm.clientFor(OTHELLO).reactions.add({ message_id: sent.pizza, emoji_name: 'heart' });
    await hamlet.reactions.add({ message_id: sent.lunch, emoji_name: 'octopus' });
    expect(await idsFor(sent, narrow().has('reaction'))).toEqual([sent.lunch, sent.pizza]);
    expect(await idsFor(sent, narrow().not.has('reaction'))).toEqual(without(sent.all, sent.lunch, sent.pizza));
    await hamlet.reactions.remove({ message_id: sent.lunch, emoji_name: 'octopus' });
    await hamlet.reactions.remove({ message_id: sent.pizza, emoji_name: 'octopus' });
    expect(await idsFor(sent, narrow().has('reaction'))).toEqual([sent.pizza]);
    expect(await idsFor(sent, narrow().not.has('reaction'))).toEqual(without(sent.all, sent.pizza));
  });

  it('id (integer or digits) and its negation; near does not filter', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().id(sent.pizza))).toEqual([sent.pizza]);
    expect(await idsFor(sent, [{ operator: 'id', operand: String(sent.pizza) }])).toEqual([sent.pizza]);
    expect(await idsFor(sent, narrow().not.id(sent.pizza))).toEqual(without(sent.all, sent.pizza));
    expect(await idsFor(sent, narrow().near(sent.pizza))).toEqual(sent.all);
    expect(await idsFor(sent, narrow().not.near(sent.pizza))).toEqual(sent.all);
  });

  it('with: the conversation now holding the message replaces the conversation terms', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().channel('Denmark').with(sent.pizza))).toEqual([sent.lunch, sent.pizza]);
    expect(await idsFor(sent, narrow().with(sent.group).is('unread'))).toEqual([sent.group]);
    // The server reads the operand with Python's int(): spaces and a sign are fine.
    expect(await idsFor(sent, [{ operator: 'with', operand: ` +${sent.group} ` }])).toEqual([sent.group]);
    // A 1:1 message's recipient names the conversation: for hamlet, who received `secret`, that
    // is his own self-conversation (the server's `dm` operand is the recipient alone).
    expect(await idsFor(sent, narrow().with(sent.secret))).toEqual([sent.note]);
    expect(await idsFor(sent, narrow().with(sent.secret), IAGO)).toEqual([sent.secret]);
    // A message the user cannot read: the other terms stand when they name a conversation.
    const hidden = (await realm.clientFor('desdemona@zulip.com').messages.send({ type: 'direct', to: [IAGO], content: 'x' })).id;
    expect(await idsFor(sent, narrow().channel('Verona').topic('lunch').with(hidden))).toEqual([sent.lunch, sent.pizza]);
  });

  it('search: words (stemmed, case-insensitive) over content and topic, quoted phrases literally; negation is ignored as on the server', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().search('CASTLE'))).toEqual([sent.lunch, sent.castles]);
    expect(await idsFor(sent, narrow().search('"get lunch"'))).toEqual([sent.lunch]);
    expect(await idsFor(sent, narrow().search('"lunch get"'))).toEqual([]);
    // Only a term quoted as a whole is a phrase: the server splits `"[^"]+"|\S+`, so in
    // `lunch"castle get"` neither term is one and the words alone decide.
    expect(await idsFor(sent, narrow().search('lunch"castle get"'))).toEqual([sent.lunch]);
    expect(await idsFor(sent, narrow().search('pizza anyone'))).toEqual([sent.pizza]);
    expect(await idsFor(sent, narrow().search('pizza').search('castle'))).toEqual([]);
    expect(await idsFor(sent, narrow().not.search('castle'))).toEqual([sent.lunch, sent.castles]);
    // Stop words leave the query, as the server's dictionary drops them: "I walked to the castles" has no "is".
    expect(await idsFor(sent, narrow().search('is the castle walking'))).toEqual([sent.castles]);
    expect(await idsFor(sent, narrow().search('the of'))).toEqual([]);
    const page = await realm.clientFor(HAMLET).messages.list({ narrow: narrow().search('the walking'), anchor: sent.castles, num_before: 0, num_after: 0 });
    expect(page.messages[0]?.match_content).toBe('<p>I <span class="highlight">walked</span> to the castles</p>');
  });

  it('channels:public reaches public channels only; its negation the rest', async () => {
    const sent = await conversation();
    const core = (await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'core team', topic: 't', content: 'x' })).id;
    expect(await idsFor(sent, narrow().channels('public'))).toEqual([sent.lunch, sent.pizza, sent.castles]);
    expect(await idsFor(sent, narrow().not.channels('public'))).toEqual([sent.secret, sent.group, sent.note, core]);
  });

  it('channels:public and channels:web-public reach the history of channels the user never joined (not for guests)', async () => {
    const sent = await conversation();
    const iago = realm.clientFor(IAGO);
    await iago.subscriptions.add({ subscriptions: [{ name: 'open' }] });
    realm.mock.store.tables.channel.update(realm.channelId('open'), { is_web_public: true });
    const open = (await iago.messages.send({ type: 'channel', to: 'open', topic: 't', content: 'x' })).id;
    // The channel's history: the creation notice, then iago's message.
    const history = await idsFor(sent, narrow().channel('open'), IAGO);
    expect(history).toContain(open);
    expect(await idsFor(sent, narrow().channels('web-public'))).toEqual(history);
    expect(await idsFor(sent, narrow().channels('public'))).toEqual([sent.lunch, sent.pizza, sent.castles, ...history]);
    const page = await realm.clientFor(HAMLET).messages.list({ narrow: narrow().channels('web-public'), anchor: open, num_before: 0, num_after: 0 });
    expect(page.messages.map((message) => message.flags)).toEqual([['read', 'historical']]);
    expect(await idsFor(sent, narrow().channels('web-public'), 'polonius@zulip.com')).toEqual([]);
  });
});

/** A raw GET /messages with a narrow written as JSON text. */
async function rawNarrow(narrowText: string, more = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await realm.raw(
    HAMLET,
    'GET',
    `/messages?anchor=newest&num_before=1&narrow=${encodeURIComponent(narrowText)}${more}`,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('narrow validation errors (BAD_REQUEST)', () => {
  it.each([
    ['[', 'narrow is not valid JSON'],
    ['{"operator":"is"}', 'narrow is not a list'],
    ['[5]', 'Invalid narrow[0]: Value error, dict or list required'],
    ['[["is","dm","x"]]', 'Invalid narrow[0]: Value error, element is not a string pair'],
    ['[["is",5]]', 'Invalid narrow[0]: Value error, element is not a string pair'],
    ['[{"operator":"is"}]', 'Invalid narrow[0]: Value error, operand is missing'],
    ['[["is","dm"],{"operand":"dm"}]', 'Invalid narrow[1]: Value error, operator is missing'],
    ['[{"operator":"topic","operand":5}]', 'operand is not a string'],
    ['[{"operator":"channel","operand":[1]}]', 'operand is not a string or integer'],
    ['[{"operator":"dm","operand":5}]', 'operand is not a string or an integer list'],
    ['[{"operator":"dm","operand":[1,"x"]}]', 'operand[1] is not an integer'],
    ['[{"operator":"search","operand":"  "}]', 'operand cannot be blank.'],
    // The server's model types its fields strictly before its own checks run, and a failure of
    // that kind names the field's place in the list.
    ['[{"operator":"is","operand":"dm","negated":"yes"}]', 'narrow[0]["negated"] is not a boolean'],
    ['[{"operator":"is","operand":"dm","negated":null}]', 'narrow[0]["negated"] is not a boolean'],
    ['[{"operator":5,"operand":"x"}]', 'narrow[0]["operator"] is not a string'],
    ['[{"operator":5,"operand":5}]', 'narrow[0]["operator"] is not a string'],
    // A field failure is reported after the terms' own checks, which fail at once.
    ['[{"operator":"is","operand":"dm","negated":1},{"operator":"topic","operand":5}]', 'operand is not a string'],
    ['[{"operator":"near","operand":5}]', 'operand is not a string'],
  ])('%s → %s', async (narrowText, msg) => {
    expect(await rawNarrow(narrowText)).toEqual({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });
  });

  it.each(['&apply_markdown=x', '&message_ids=x', '&use_first_unread_anchor=x', '&client_gravatar=1'])(
    'the narrow is checked as it is read, before the parameters after it (%s)',
    async (more) => {
      expect(await rawNarrow('[{"operator":"topic","operand":5}]', more)).toEqual({
        status: 400,
        body: { result: 'error', msg: 'operand is not a string', code: 'BAD_REQUEST' },
      });
    },
  );
});

describe('BAD_NARROW errors', () => {
  const cases: [string, NarrowTermInput[], string][] = [
    ['an unknown operator', [['foo', 'x']], 'unknown operator foo'],
    ['an unknown has operand', [['has', 'video']], "unknown 'has' operand video"],
    ['an unknown in operand', [['in', 'nowhere']], "unknown 'in' operand nowhere"],
    ['an unknown is operand', [['is', 'happy']], "unknown 'is' operand happy"],
    ['is:unmuted, which the server does not know', [['is', 'unmuted']], "unknown 'is' operand unmuted"],
    ['an unknown channel name', [['channel', 'Atlantis']], 'unknown channel Atlantis'],
    ['an unknown channel ID', [{ operator: 'channel', operand: 999 }], 'unknown channel 999'],
    ['an unknown channels operand', [['channels', 'private']], 'unknown channels operand private'],
    ['an unknown sender', [['sender', 'nobody@zulip.com']], 'unknown user nobody@zulip.com'],
    ['an unknown sender ID', [{ operator: 'sender', operand: 7 }], 'unknown user 7'],
    ['an unknown dm-including user', [['dm-including', 'nobody@zulip.com']], 'unknown user nobody@zulip.com'],
    ['an unknown dm email', [['dm', 'iago@zulip.com,nobody@zulip.com']], 'unknown user in iago@zulip.com,nobody@zulip.com'],
    ['an unknown dm ID', [{ operator: 'dm', operand: [1001, 7] }], 'unknown user in [1001, 7]'],
    ['a non-numeric id', [['id', 'abc']], 'Invalid message ID'],
    ['a negative id', [{ operator: 'id', operand: -1 }], 'Invalid message ID'],
    ['channel and dm terms', [['channel', 'Verona'], ['is', 'dm']], 'No message can be both a channel message and direct message'],
    ['a topic and a dm', [['topic', 'x'], ['dm', 'iago@zulip.com']], 'No message can be both a channel message and direct message'],
    // Negated, is:dm asks for channel messages: the server's builder counts it as a channel term.
    ['-is:dm and a dm', [{ operator: 'is', operand: 'dm', negated: true }, ['dm', 'iago@zulip.com']], 'No message can be both a channel message and direct message'],
    ['-is:private and dm-including', [{ operator: 'is', operand: 'private', negated: true }, ['dm-including', 'iago@zulip.com']], 'No message can be both a channel message and direct message'],
    ['a non-numeric with', [['with', 'abc']], "Invalid 'with' operator"],
    ['with an unreadable message and no conversation', [{ operator: 'with', operand: 99 }], "Invalid 'with' operator"],
  ];
  it.each(cases)('%s', async (_what, terms, desc) => {
    await expectApiError(realm.clientFor(HAMLET).messages.list({ narrow: terms, anchor: 'newest', num_before: 1 }), {
      code: 'BAD_NARROW',
      status: 400,
      msg: `Invalid narrow operator: ${desc}`,
      desc,
    });
  });

  // Python's bool is an int: where an ID may stand, `true` passes the operand check as ID 1 (none
  // here) and the server's messages write it as Python does.
  it.each([
    ['[{"operator":"channel","operand":true}]', 'unknown channel True'],
    ['[{"operator":"sender","operand":false}]', 'unknown user False'],
    ['[{"operator":"dm","operand":[true,7]}]', 'unknown user in [True, 7]'],
    ['[{"operator":"id","operand":true}]', 'Invalid message ID'],
    ['[{"operator":"with","operand":true}]', "Invalid 'with' operator"],
  ])('a boolean where an ID may stand: %s → %s', async (narrowText, desc) => {
    expect(await rawNarrow(narrowText)).toEqual({
      status: 400,
      body: { result: 'error', msg: `Invalid narrow operator: ${desc}`, code: 'BAD_NARROW', desc },
    });
  });

  it('duplicate with terms are an invalid combination', async () => {
    await expectApiError(
      realm.clientFor(HAMLET).messages.list({ narrow: narrow().with(1).with(2), anchor: 'newest' }),
      {
        code: 'BAD_NARROW',
        status: 400,
        msg: "Invalid narrow operator combination: Duplicate 'with' operators.",
      },
    );
  });

  it('a negated channel term may go with a dm term', async () => {
    const sent = await conversation();
    expect(await idsFor(sent, narrow().not.channel('Verona').is('dm'))).toEqual([sent.secret, sent.group, sent.note]);
  });

  it('the first bad term in order is the one reported', async () => {
    await expectApiError(
      realm.clientFor(HAMLET).messages.list({ narrow: [['is', 'happy'], ['foo', 'x']], anchor: 'newest' }),
      { code: 'BAD_NARROW', status: 400, msg: "Invalid narrow operator: unknown 'is' operand happy" },
    );
  });

  it('matches_narrow does not know with', async () => {
    await expectApiError(
      realm.clientFor(HAMLET).messages.matchesNarrow({ msg_ids: [1], narrow: narrow().with(1) }),
      { code: 'BAD_NARROW', status: 400, msg: 'Invalid narrow operator: unknown operator with', desc: 'unknown operator with' },
    );
  });
});

describe('the narrow builder', () => {
  it('is immutable and produces the object form; not negates only the next term', () => {
    const base = narrow().channel('Verona');
    const lunch = base.topic('lunch').not.sender(IAGO).is('unread');
    expect(base.terms).toEqual([{ operator: 'channel', operand: 'Verona' }]);
    expect(JSON.parse(JSON.stringify(lunch))).toEqual([
      { operator: 'channel', operand: 'Verona' },
      { operator: 'topic', operand: 'lunch' },
      { operator: 'sender', operand: IAGO, negated: true },
      { operator: 'is', operand: 'unread' },
    ]);
    expect(narrow([['stream', 'Verona']]).dm([1, 2]).dm([IAGO, OTHELLO]).terms).toEqual([
      { operator: 'stream', operand: 'Verona' },
      { operator: 'dm', operand: [1, 2] },
      { operator: 'dm', operand: `${IAGO},${OTHELLO}` },
    ]);
  });
});

describe('event-queue narrows use the same engine with the event filter’s semantics', () => {
  it('is:alerted tests the mentioned flag, a channel is matched by name, an unknown sender matches nothing', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const iago = realm.clientFor(IAGO);
    const alerted = await hamlet.events.register({ event_types: ['message'], narrow: [['is', 'alerted']] });
    const nobody = await hamlet.events.register({ event_types: ['message'], narrow: [['sender', 'nobody@zulip.com']] });
    const verona = await hamlet.events.register({ event_types: ['message'], narrow: [['stream', 'VERONA']] });
    const mention = (await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'hi @**King Hamlet**' })).id;
    const plain = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'hi' })).id;
    const delivered = async (queueId: string | null | undefined) =>
      (await hamlet.events.get({ queue_id: queueId ?? '', last_event_id: -1, dont_block: true })).events.map(
        (event) => (event as { message?: { id: number } }).message?.id,
      );
    expect(await delivered(alerted.queue_id)).toEqual([mention]);
    expect(await delivered(nobody.queue_id)).toEqual([]);
    expect(await delivered(verona.queue_id)).toEqual([plain]);
  });
});
