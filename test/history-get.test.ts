import { describe, expect, it } from 'vitest';
import { setVisibilityPolicy, VisibilityPolicy } from '../mock/domain/user-topics';
import { type ChatClient, narrow } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';
const NEWEST = 10_000_000_000_000_000;

/** Sends `count` messages to a topic of Verona as iago; returns their IDs, oldest first. */
async function sendMany(count: number, topic = 'paging', to = 'Verona'): Promise<number[]> {
  const iago = realm.clientFor(IAGO);
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    ids.push((await iago.messages.send({ type: 'channel', to, topic, content: `message ${index}` })).id);
  }
  return ids;
}

const idsOf = (page: { messages: { id: number }[] }) => page.messages.map((message) => message.id);
const topic = (name: string) => narrow().channel('Verona').topic(name);

/** Subscribes a user to a channel from now on (no copies of earlier messages), as a join does. */
function subscribe(email: string, channel: string): void {
  const { store } = realm.mock;
  store.tables.subscription.insert({
    id: store.ids.next('subscription'),
    user_id: realm.userId(email),
    channel_id: realm.channelId(channel),
    active: true,
    is_muted: false,
    color: '#76ce90',
  });
}

describe('GET /messages anchors and the found_* flags', () => {
  it('newest: the last num_before messages, found_newest, the anchor past every ID', async () => {
    const ids = await sendMany(5);
    const page = await realm.clientFor(HAMLET).messages.list({ narrow: topic('paging'), anchor: 'newest', num_before: 3 });
    expect(idsOf(page)).toEqual(ids.slice(2));
    expect(page).toMatchObject({ anchor: NEWEST, found_anchor: false, found_newest: true, found_oldest: false, history_limited: false });
    const all = await realm.clientFor(HAMLET).messages.list({ narrow: topic('paging'), anchor: 'newest', num_before: 5 });
    expect(all.found_oldest).toBe(false);
    const more = await realm.clientFor(HAMLET).messages.list({ narrow: topic('paging'), anchor: 'newest', num_before: 6 });
    expect(idsOf(more)).toEqual(ids);
    expect(more.found_oldest).toBe(true);
  });

  it('oldest: the first num_after messages, found_oldest', async () => {
    const ids = await sendMany(4);
    const page = await realm.clientFor(HAMLET).messages.list({ narrow: topic('paging'), anchor: 'oldest', num_after: 2 });
    expect(idsOf(page)).toEqual(ids.slice(0, 2));
    expect(page).toMatchObject({ anchor: 0, found_oldest: true, found_newest: false, found_anchor: false });
  });

  it('an integer anchor: both sides, found_anchor; include_anchor=false leaves it out at an end of the range', async () => {
    const ids = await sendMany(5);
    const hamlet = realm.clientFor(HAMLET);
    const anchor = ids[2] ?? 0;
    const around = await hamlet.messages.list({ narrow: topic('paging'), anchor, num_before: 1, num_after: 1 });
    expect(idsOf(around)).toEqual(ids.slice(1, 4));
    expect(around).toMatchObject({ anchor, found_anchor: true, found_oldest: false, found_newest: false });
    const before = await hamlet.messages.list({ narrow: topic('paging'), anchor, num_before: 5, include_anchor: false });
    expect(idsOf(before)).toEqual(ids.slice(0, 2));
    expect(before).toMatchObject({ found_anchor: false, found_oldest: true, found_newest: false });
    const after = await hamlet.messages.list({ narrow: topic('paging'), anchor: String(anchor), num_after: 5, include_anchor: false });
    expect(idsOf(after)).toEqual(ids.slice(3));
    expect(after).toMatchObject({ found_anchor: false, found_newest: true });
    // An anchor that does not match the narrow is not found; the range around it still is.
    const missing = await hamlet.messages.list({ narrow: topic('paging'), anchor: anchor + 1000, num_before: 1 });
    expect(idsOf(missing)).toEqual([ids[4]]);
    expect(missing.found_anchor).toBe(false);
  });

  it('num_before and num_after of 0 return just the anchor', async () => {
    const ids = await sendMany(2);
    const page = await realm.clientFor(HAMLET).messages.list({ anchor: ids[0], include_anchor: false });
    expect(idsOf(page)).toEqual([ids[0]]);
    expect(page).toMatchObject({ found_anchor: true, found_oldest: false, found_newest: false });
  });

  it('negative anchors read as 0 and huge ones as newest', async () => {
    await sendMany(1);
    const hamlet = realm.clientFor(HAMLET);
    expect((await hamlet.messages.list({ anchor: -5, num_after: 1 })).anchor).toBe(0);
    expect((await hamlet.messages.list({ anchor: '99999999999999999999', num_before: 1 })).anchor).toBe(NEWEST);
  });

  it('first_unread: the oldest unread matching message, muted topics skipped; newest when none', async () => {
    const ids = await sendMany(4);
    const hamlet = realm.clientFor(HAMLET);
    const copies = realm.mock.store.userMessages;
    const hamletId = realm.userId(HAMLET);
    for (const id of copies.messageIds(hamletId)) copies.setFlag(hamletId, id, 'read', true);
    copies.setFlag(hamletId, ids[2] ?? 0, 'read', false);
    copies.setFlag(hamletId, ids[3] ?? 0, 'read', false);
    const page = await hamlet.messages.list({ narrow: topic('paging'), anchor: 'first_unread', num_before: 1, num_after: 1 });
    expect(page.anchor).toBe(ids[2]);
    expect(idsOf(page)).toEqual(ids.slice(1, 4));
    const legacy = await hamlet.messages.list({ use_first_unread_anchor: true, num_after: 0 });
    expect(legacy.anchor).toBe(ids[2]);
    const other = (await realm.clientFor(IAGO).messages.send({ type: 'channel', to: 'Verona', topic: 'muted', content: 'x' })).id;
    for (const id of ids) copies.setFlag(hamletId, id, 'read', true);
    setVisibilityPolicy(realm.mock.state, hamletId, realm.channelId('Verona'), 'muted', VisibilityPolicy.MUTED);
    expect(copies.hasFlag(hamletId, other, 'read')).toBe(false);
    const none = await hamlet.messages.list({ anchor: 'first_unread', num_before: 1 });
    expect(none.anchor).toBe(NEWEST);
    expect(none.found_newest).toBe(true);
  });

  it('first_unread: a channel muted and then unsubscribed from is no longer skipped', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.flags.markAllAsRead();
    const [unread] = await sendMany(1, 'left', 'Denmark');
    const denmark = realm.channelId('Denmark');
    await hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: denmark, property: 'is_muted', value: true }] });
    expect((await hamlet.messages.list({ anchor: 'first_unread', num_before: 0, num_after: 0 })).anchor).toBe(NEWEST);
    await hamlet.subscriptions.remove({ subscriptions: ['Denmark'] });
    // Leaving marks the channel's messages read at once (the server's deferred work, run by the mock
    // before it answers); the test sets the copy unread again by hand to see the channel no longer skipped.
    expect((await hamlet.messages.list({ anchor: 'first_unread', num_before: 0, num_after: 0 })).anchor).toBe(NEWEST);
    realm.mock.store.userMessages.setFlag(realm.userId(HAMLET), unread ?? 0, 'read', false);
    expect((await hamlet.messages.list({ anchor: 'first_unread', num_before: 0, num_after: 0 })).anchor).toBe(unread);
  });

  it('first_unread with a channel term, even negated: only topics muted in that first named channel are skipped', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.flags.markAllAsRead();
    const [inMutedTopic] = await sendMany(1, 'mutedtopic', 'Verona');
    const [inMutedChannel] = await sendMany(1, 'quiet', 'Denmark');
    const [elsewhere] = await sendMany(1, 'other', 'Scotland');
    await hamlet.topics.updatePreferences({ stream_id: realm.channelId('Verona'), topic: 'mutedtopic', visibility_policy: VisibilityPolicy.MUTED });
    await hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: realm.channelId('Denmark'), property: 'is_muted', value: true }] });
    const firstUnread = async (narrowed: ReturnType<typeof narrow>) =>
      (await hamlet.messages.list({ narrow: narrowed, anchor: 'first_unread', num_before: 0, num_after: 0 })).anchor;
    expect(await firstUnread(narrow())).toBe(elsewhere);
    // The server scopes its muting to the first channel term's channel, negated or not: a topic
    // muted elsewhere, and a muted channel, no longer count.
    expect(await firstUnread(narrow().not.channel('Scotland'))).toBe(inMutedTopic);
    expect(await firstUnread(narrow().not.channel('Verona'))).toBe(inMutedChannel);
    expect(await firstUnread(narrow().channel('Verona'))).toBe(NEWEST);
    expect(await firstUnread(narrow().channel('Denmark'))).toBe(inMutedChannel);
    // Only the first channel term counts, and `channels:` is not one.
    expect(await firstUnread(narrow().not.channel('Scotland').not.channel('Verona'))).toBe(inMutedChannel);
    expect(await firstUnread(narrow().channels('public'))).toBe(elsewhere);
  });

  it('first_unread in a channel with history from before joining: the first unread copy, never history without one', async () => {
    const iago = realm.clientFor(IAGO);
    await iago.subscriptions.add({ subscriptions: [{ name: 'newpub' }] });
    for (let index = 0; index < 3; index++) await iago.messages.send({ type: 'channel', to: 'newpub', topic: 't', content: `before ${index}` });
    const hamlet = realm.clientFor(HAMLET);
    const channel = narrow().channel('newpub');
    // Not subscribed: the whole history is readable, but nothing is unread.
    expect((await hamlet.messages.list({ narrow: channel, anchor: 'first_unread', num_before: 1 })).anchor).toBe(NEWEST);
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'newpub' }] });
    const { id: firstAfter } = await iago.messages.send({ type: 'channel', to: 'newpub', topic: 't', content: 'after' });
    expect((await hamlet.messages.list({ narrow: channel, anchor: 'first_unread', num_before: 1 })).anchor).toBe(firstAfter);
  });

  it('a date anchor is a newer server\'s: at this level `date` is an invalid anchor and anchor_date an ignored parameter', async () => {
    await sendMany(1);
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.messages.list({ anchor: 'date', num_before: 1 }), { code: 'BAD_REQUEST', status: 400, msg: 'Invalid anchor' });
    const answer = await realm.raw(HAMLET, 'GET', '/messages?anchor=newest&num_before=1&anchor_date=2024-03-02');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { ignored_parameters_unsupported?: string[] }).ignored_parameters_unsupported).toEqual(['anchor_date']);
  });

  it('an integer anchor is read as Python reads integers: spaces, a sign, underscores, any decimal digits', async () => {
    const ids = await sendMany(2);
    const id = ids[1] ?? 0;
    const hamlet = realm.clientFor(HAMLET);
    const fullWidth = String(id).replace(/\d/g, (digit) => String.fromCodePoint(0xff10 + Number(digit)));
    const underscored = `${String(id).slice(0, 3)}_${String(id).slice(3)}`;
    for (const anchor of [` +${id} `, fullWidth, underscored]) {
      const page = await hamlet.messages.list({ narrow: topic('paging'), anchor, num_before: 0, num_after: 0 });
      expect(page.anchor).toBe(id);
      expect(idsOf(page)).toEqual([id]);
    }
    for (const anchor of [`${id}__1`, `_${id}`, `${id}.0`, '']) {
      await expectApiError(hamlet.messages.list({ narrow: topic('paging'), anchor, num_before: 1 }), { code: 'BAD_REQUEST', status: 400, msg: 'Invalid anchor' });
    }
  });

  it('history_limited: messages older than the realm’s first visible message are left out', async () => {
    const ids = await sendMany(4);
    realm.mock.realm.first_visible_message_id = ids[2] ?? 0;
    const hamlet = realm.clientFor(HAMLET);
    const page = await hamlet.messages.list({ narrow: topic('paging'), anchor: 'newest', num_before: 10 });
    expect(idsOf(page)).toEqual(ids.slice(2));
    expect(page).toMatchObject({ found_oldest: true, history_limited: true });
    const recent = await hamlet.messages.list({ narrow: topic('paging'), anchor: 'newest', num_before: 1 });
    expect(recent).toMatchObject({ found_oldest: false, history_limited: false });
    const matches = await hamlet.messages.matchesNarrow({ msg_ids: ids, narrow: topic('paging') });
    expect(Object.keys(matches.messages)).toEqual(ids.slice(2).map(String));
    // By message_ids the hidden ones are dropped silently: the server's history_limited stays false.
    const byIds = await hamlet.messages.list({ message_ids: ids });
    expect(idsOf(byIds)).toEqual(ids.slice(2));
    expect(byIds.history_limited).toBe(false);
  });
});

describe('GET /messages parameter errors', () => {
  const list = (params: Parameters<ChatClient['messages']['list']>[0]) => realm.clientFor(HAMLET).messages.list(params);

  it('no anchor and no message_ids', async () => {
    await expectApiError(list({ num_before: 1 }), { code: 'BAD_REQUEST', status: 400, msg: "Missing 'anchor' argument." });
  });

  it('a non-integer anchor', async () => {
    await expectApiError(list({ anchor: 'latest' }), { code: 'BAD_REQUEST', status: 400, msg: 'Invalid anchor' });
  });

  it('more than 5000 messages per request, by range or by IDs', async () => {
    const msg = 'Too many messages requested (maximum 5000).';
    await expectApiError(list({ anchor: 'newest', num_before: 4000, num_after: 1001 }), { code: 'BAD_REQUEST', status: 400, msg });
    await expect(list({ anchor: 'newest', num_before: 5000 })).resolves.toHaveProperty('found_newest', true);
    const ids = Array.from({ length: 5001 }, (_, index) => index + 1);
    await expectApiError(list({ message_ids: ids }), { code: 'BAD_REQUEST', status: 400, msg });
  });

  it('excluding the anchor in the middle of the range', async () => {
    await expectApiError(list({ anchor: 'newest', num_before: 1, num_after: 1, include_anchor: false }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'The anchor can only be excluded at an end of the range',
    });
  });

  it('message_ids with range parameters', async () => {
    const parameters = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
    await expectApiError(list({ message_ids: [1], anchor: 'newest' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: `Unsupported parameter combination: ${parameters}`,
      parameters,
    });
    await expectApiError(list({ message_ids: [1], num_after: 2 }), { code: 'BAD_REQUEST', status: 400, parameters });
  });

  it('negative counts', async () => {
    const response = await realm.raw(HAMLET, 'GET', '/messages?anchor=newest&num_before=-1');
    expect(await response.json()).toEqual({ result: 'error', msg: 'num_before is too small', code: 'BAD_REQUEST' });
  });
});

describe('GET /messages by message_ids', () => {
  it('returns the requested messages the user may see, ascending, filtered by the narrow, with all found_* false', async () => {
    const ids = await sendMany(3);
    const secret = (await realm.clientFor('desdemona@zulip.com').messages.send({ type: 'direct', to: [IAGO], content: 'x' })).id;
    const hamlet = realm.clientFor(HAMLET);
    const page = await hamlet.messages.list({ message_ids: [ids[2] ?? 0, secret, ids[0] ?? 0, 999_999] });
    expect(idsOf(page)).toEqual([ids[0], ids[2]]);
    expect(page).toEqual(
      expect.objectContaining({ found_anchor: false, found_oldest: false, found_newest: false, history_limited: false }),
    );
    expect(page).not.toHaveProperty('anchor');
    const narrowed = await hamlet.messages.list({ message_ids: ids, narrow: narrow().id(ids[1] ?? 0) });
    expect(idsOf(narrowed)).toEqual([ids[1]]);
  });
});

describe('historical messages, protected history and guests', () => {
  it('a channel narrow brings public history the user was not subscribed for, flagged read and historical', async () => {
    const [scottish] = await sendMany(1, 'highlands', 'Scotland');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const page = await cordelia.messages.list({ narrow: narrow().channel('Scotland'), anchor: 'newest', num_before: 10 });
    expect(page.messages.at(-1)).toMatchObject({ id: scottish, flags: ['read', 'historical'] });
    expect(page.messages.every((message) => message.flags.includes('historical'))).toBe(true);
    // Without a channel term only her own messages are searched.
    const feed = await cordelia.messages.list({ anchor: 'newest', num_before: 100 });
    expect(idsOf(feed)).not.toContain(scottish);
    // Any is: term other than resolved turns history off.
    const unread = await cordelia.messages.list({ narrow: narrow().channel('Scotland').not.is('starred'), anchor: 'newest', num_before: 10 });
    expect(idsOf(unread)).not.toContain(scottish);
    // channels:public brings it too; her own copies keep their flags.
    const mine = (await realm.clientFor(IAGO).messages.send({ type: 'channel', to: 'Verona', topic: 'x', content: 'y' })).id;
    const publicPage = await cordelia.messages.list({ narrow: narrow().channels('public'), anchor: 'newest', num_before: 2 });
    expect(publicPage.messages.map((message) => [message.id, message.flags.includes('historical')])).toEqual([
      [scottish, true],
      [mine, false],
    ]);
  });

  it('protected history hides what a private channel received before the user joined', async () => {
    const { store } = realm.mock;
    const core = realm.channelId('core team');
    store.tables.channel.update(core, { history_public_to_subscribers: false });
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const before = (await desdemona.messages.send({ type: 'channel', to: 'core team', topic: 'plans', content: 'old' })).id;
    subscribe('cordelia@zulip.com', 'core team');
    const after = (await desdemona.messages.send({ type: 'channel', to: 'core team', topic: 'plans', content: 'new' })).id;
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const page = await cordelia.messages.list({ narrow: narrow().channel('core team'), anchor: 'newest', num_before: 10 });
    expect(idsOf(page)).toEqual([after]);
    expect((await cordelia.messages.list({ message_ids: [before, after] })).messages.map((m) => m.id)).toEqual([after]);
    // With history open to subscribers, the same join sees everything.
    store.tables.channel.update(core, { history_public_to_subscribers: true });
    const open = await cordelia.messages.list({ narrow: narrow().channel('core team'), anchor: 'newest', num_before: 10 });
    expect(idsOf(open)).toContain(before);
    expect(open.messages.find((message) => message.id === before)?.flags).toEqual(['read', 'historical']);
  });

  it('a private channel’s history is closed to non-subscribers', async () => {
    const secret = (await realm.clientFor(IAGO).messages.send({ type: 'channel', to: 'core team', topic: 't', content: 'x' })).id;
    const page = await realm.clientFor('othello@zulip.com').messages.list({ narrow: narrow().channel('core team'), anchor: 'newest', num_before: 10 });
    expect(idsOf(page)).not.toContain(secret);
  });

  it('guests see no history of public channels they are not subscribed to, nor channels:public history', async () => {
    const [danish] = await sendMany(1, 'castle', 'Denmark');
    const [veronese] = await sendMany(1, 'square', 'Verona');
    const polonius = realm.clientFor('polonius@zulip.com');
    const denmark = await polonius.messages.list({ narrow: narrow().channel('Denmark'), anchor: 'newest', num_before: 10 });
    expect(denmark.messages).toEqual([]);
    const everything = await polonius.messages.list({ narrow: narrow().channels('public'), anchor: 'newest', num_before: 10 });
    expect(idsOf(everything)).toContain(veronese);
    expect(idsOf(everything)).not.toContain(danish);
    const verona = await polonius.messages.list({ narrow: narrow().channel('Verona'), anchor: 'newest', num_before: 1 });
    expect(idsOf(verona)).toEqual([veronese]);
  });
});

describe('message formats and search fields', () => {
  it('apply_markdown, allow_empty_topic_name, and "general chat" naming the empty topic', async () => {
    const iago = realm.clientFor(IAGO);
    const id = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: '', content: '**bold**' })).id;
    const hamlet = realm.clientFor(HAMLET);
    const plain = await hamlet.messages.list({ narrow: narrow().channel('Verona').topic('general chat'), anchor: 'newest', num_before: 1, apply_markdown: false });
    expect(plain.messages).toMatchObject([{ id, content: '**bold**', content_type: 'text/x-markdown', subject: 'general chat' }]);
    const empty = await hamlet.messages.list({ narrow: narrow().channel('Verona').topic(''), anchor: 'newest', num_before: 1, allow_empty_topic_name: true, client_gravatar: false });
    expect(empty.messages).toMatchObject([{ id, content: '<p><strong>bold</strong></p>', subject: '' }]);
    expect(empty.messages[0]).not.toHaveProperty('match_content');
  });

  it('a search narrow adds match_content and match_subject with highlights outside tags', async () => {
    const iago = realm.clientFor(IAGO);
    const id = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'Castle <tours>', content: 'The **castles** of [castle](https://castle.example)' })).id;
    const page = await realm.clientFor(HAMLET).messages.list({ narrow: narrow().search('castle'), anchor: 'newest', num_before: 1 });
    expect(page.messages).toMatchObject([
      {
        id,
        match_content:
          '<p>The <strong><span class="highlight">castles</span></strong> of <a href="https://castle.example"><span class="highlight">castle</span></a></p>',
        match_subject: '<span class="highlight">Castle</span> &lt;tours&gt;',
      },
    ]);
  });
});

  it('each message of a page shows its own sender, as the sender is now (a page works out a sender once)', async () => {
    const iago = realm.clientFor(IAGO);
    const hamlet = realm.clientFor(HAMLET);
    const first = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'senders', content: 'one' })).id;
    const second = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'senders', content: 'two' })).id;
    const third = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'senders', content: 'three' })).id;
    const fields = (page: { messages: { id: number; sender_id: number; sender_full_name: string; sender_email: string }[] }) =>
      page.messages.map(({ id, sender_id, sender_full_name, sender_email }) => ({ id, sender_id, sender_full_name, sender_email }));
    const list = () => hamlet.messages.list({ narrow: topic('senders'), anchor: 'newest', num_before: 3 });
    const iagoId = realm.userId(IAGO);
    const hamletId = realm.userId(HAMLET);
    expect(fields(await list())).toEqual([
      { id: first, sender_id: iagoId, sender_full_name: 'Iago', sender_email: IAGO },
      { id: second, sender_id: hamletId, sender_full_name: 'King Hamlet', sender_email: HAMLET },
      { id: third, sender_id: iagoId, sender_full_name: 'Iago', sender_email: IAGO },
    ]);
    await iago.settings.update({ full_name: 'Iago the Ensign' });
    expect(fields(await list()).map((message) => message.sender_full_name)).toEqual(['Iago the Ensign', 'King Hamlet', 'Iago the Ensign']);
  });

describe('GET /messages/matches_narrow', () => {
  it('returns the received messages that match, keyed by ID, with highlights', async () => {
    const iago = realm.clientFor(IAGO);
    const lunch = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'lunch', content: 'Lunch at noon' })).id;
    const other = (await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'dinner', content: 'Dinner at six' })).id;
    const unseen = (await iago.messages.send({ type: 'channel', to: 'Scotland', topic: 'lunch', content: 'lunch here' })).id;
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const found = await cordelia.messages.matchesNarrow({ msg_ids: [lunch, other, unseen, 999_999], narrow: narrow().search('lunch') });
    expect(found.messages).toEqual({
      [lunch]: {
        match_content: '<p><span class="highlight">Lunch</span> at noon</p>',
        match_subject: '<span class="highlight">lunch</span>',
      },
    });
    const plain = await cordelia.messages.matchesNarrow({ msg_ids: [lunch, other], narrow: [['topic', 'dinner']] });
    expect(plain.messages).toEqual({ [other]: { match_content: '<p>Dinner at six</p>', match_subject: 'dinner' } });
  });

  it('checks the narrow even when no message is given', async () => {
    await expectApiError(realm.clientFor(HAMLET).messages.matchesNarrow({ msg_ids: [], narrow: [['is', 'happy']] }), {
      code: 'BAD_NARROW',
      status: 400,
      msg: "Invalid narrow operator: unknown 'is' operand happy",
    });
  });
});

describe('messages.iterate', () => {
  it('pages older from newest, newest first, across page boundaries until found_oldest', async () => {
    const ids = await sendMany(7);
    const seen: number[] = [];
    for await (const message of realm.clientFor(HAMLET).messages.iterate({ narrow: topic('paging'), batchSize: 3 })) {
      seen.push(message.id);
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('pages newer from an anchor, oldest first, until found_newest', async () => {
    const ids = await sendMany(7);
    const seen: number[] = [];
    const messages = realm.clientFor(HAMLET).messages.iterate({
      narrow: [['stream', 'Verona'], ['topic', 'paging']],
      anchor: ids[1],
      direction: 'newer',
      batchSize: 2,
    });
    for await (const message of messages) seen.push(message.id);
    expect(seen).toEqual(ids.slice(1));
  });

  it('stops when the signal aborts', async () => {
    await sendMany(7);
    const controller = new AbortController();
    const seen: number[] = [];
    for await (const message of realm.clientFor(HAMLET).messages.iterate({ narrow: topic('paging'), batchSize: 2, signal: controller.signal })) {
      seen.push(message.id);
      if (seen.length === 3) controller.abort();
    }
    expect(seen).toHaveLength(3);
  });

  it('yields nothing for an empty narrow', async () => {
    const seen: unknown[] = [];
    for await (const message of realm.clientFor(HAMLET).messages.iterate({ narrow: topic('nothing here') })) seen.push(message);
    expect(seen).toEqual([]);
  });
});

describe('received copies after losing access to a channel', () => {
  // The server's base search query only counts a received copy while the viewer still has the
  // channel: an active subscription, or (not for guests) a public channel or a group granting
  // content access. Leftover copies never grant access again.
  const CORE_TEAM_MESSAGE = 'Release on Friday.';

  async function coreTeamMessageId(): Promise<number> {
    const page = await realm.clientFor(IAGO).messages.list({ narrow: narrow().channel('core team'), anchor: 'newest', num_before: 10 });
    const id = page.messages.find((message) => message.content.includes(CORE_TEAM_MESSAGE))?.id;
    if (id === undefined) throw new Error('the seed has no core team message');
    return id;
  }

  it('an unsubscribed private channel no longer lists its messages anywhere: all messages, its narrow, message_ids, matches_narrow', async () => {
    const id = await coreTeamMessageId();
    const hamlet = realm.clientFor(HAMLET);
    expect(idsOf(await hamlet.messages.list({ anchor: 'newest', num_before: 100 }))).toContain(id);
    await hamlet.subscriptions.remove({ subscriptions: ['core team'] });
    expect(idsOf(await hamlet.messages.list({ anchor: 'newest', num_before: 100 }))).not.toContain(id);
    expect(idsOf(await hamlet.messages.list({ narrow: narrow().channel('core team'), anchor: 'newest', num_before: 100 }))).toEqual([]);
    expect(idsOf(await hamlet.messages.list({ message_ids: [id] }))).toEqual([]);
    expect((await hamlet.messages.matchesNarrow({ msg_ids: [id], narrow: [] })).messages).toEqual({});
    // The direct messages hamlet received are unaffected.
    expect((await hamlet.messages.list({ narrow: narrow().is('dm'), anchor: 'newest', num_before: 100 })).messages.length).toBeGreaterThan(0);
  });

  it('a member keeps a public channel after unsubscribing; a guest does not', async () => {
    const ids = await sendMany(1);
    const polonius = realm.clientFor('polonius@zulip.com');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await polonius.subscriptions.remove({ subscriptions: ['Verona'] });
    await cordelia.subscriptions.remove({ subscriptions: ['Verona'] });
    expect(idsOf(await polonius.messages.list({ anchor: 'newest', num_before: 100 }))).not.toContain(ids[0]);
    expect(idsOf(await cordelia.messages.list({ anchor: 'newest', num_before: 100 }))).toContain(ids[0]);
  });
});
