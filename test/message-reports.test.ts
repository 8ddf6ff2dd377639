import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const time = (seconds: number) => `<time:${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00>`;

/** A private moderation request channel iago and desdemona are subscribed to, set as the organization's. */
async function moderationChannel(): Promise<number> {
  const iago = realm.clientFor('iago@zulip.com');
  await iago.subscriptions.add({ subscriptions: [{ name: 'reports' }], invite_only: true, principals: [realm.userId('desdemona@zulip.com'), realm.userId('iago@zulip.com')] });
  const reports = realm.channelId('reports');
  await iago.realm.update({ moderation_request_channel_id: reports });
  return reports;
}

const lastIn = (channelId: number) => realm.mock.store.tables.message.get([...realm.mock.store.channelMessageIds(channelId)].at(-1) ?? 0);
const mention = (email: string, name: string) => `@_**${name}|${realm.userId(email)}**`;

describe('POST /messages/{message_id}/report', () => {
  it('posts the report of a channel message in the moderation channel, as Notification Bot, under the sender\'s name', async () => {
    const reports = await moderationChannel();
    const othello = realm.clientFor('othello@zulip.com');
    const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'civilized discussions', content: 'I squeeze toothpaste from the middle' });
    const sent = realm.mock.store.tables.message.get(id);
    // Not subscribed to the public channel: reporting still works.
    const prospero = realm.clientFor('prospero@zulip.com');
    expect(await prospero.messages.report({ message_id: id, report_type: 'harassment', description: 'this is crime against food' })).toEqual({});
    const report = lastIn(reports);
    expect(realm.mock.store.tables.user.get(report?.sender_id ?? 0)?.email).toBe('notification-bot@zulip.com');
    expect(report?.topic).toBe('Othello, the Moor of Venice moderation');
    expect(report?.content).toBe(
      `${mention('prospero@zulip.com', 'Prospero from The Tempest')} reported a message sent by ${mention('othello@zulip.com', 'Othello, the Moor of Venice')} at ${time(sent?.timestamp ?? 0)}.\n` +
        '```quote\n**Harassment**. this is crime against food\n```\n\n' +
        `\`\`\` spoiler Original message at #**Denmark>civilized discussions@${id}**\nI squeeze toothpaste from the middle\n\`\`\``,
    );
    expect(report?.rendered_content).toContain(`<p>Original message at <a class="message-link" href="/#narrow/channel/${realm.channelId('Denmark')}-Denmark/topic/civilized.20discussions/near/${id}">`);
  });

  it('reports direct messages with their recipients: one-to-one, one\'s own, to oneself, and groups', async () => {
    const reports = await moderationChannel();
    const othello = realm.clientFor('othello@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const dm = (await othello.messages.send({ type: 'direct', to: [hamletId], content: 'I dip fries in ice cream' })).id;
    const at = time(realm.mock.store.tables.message.get(dm)?.timestamp ?? 0);
    const url = (ids: number[], messageId: number, group = '') => `${realm.mock.realm.url}/#narrow/dm/${[...ids].sort((a, b) => a - b).join(',')}${group}/near/${messageId}`;
    const othelloMention = mention('othello@zulip.com', 'Othello, the Moor of Venice');
    const hamletMention = mention('hamlet@zulip.com', 'King Hamlet');
    await hamlet.messages.report({ message_id: dm, report_type: 'spam' });
    expect(lastIn(reports)?.content).toBe(
      `${hamletMention} reported a direct message sent by ${othelloMention} at ${at}.\n\`\`\`quote\n**Spam**. \n\`\`\`\n\n\`\`\` spoiler [Original message](${url([hamletId, othelloId], dm)})\nI dip fries in ice cream\n\`\`\``,
    );
    await othello.messages.report({ message_id: dm, report_type: 'norms' });
    expect(lastIn(reports)?.content).toContain(`${othelloMention} reported a direct message sent by ${othelloMention} to ${hamletMention} at ${at}.\n\`\`\`quote\n**Violates community norms**. `);
    const self = (await othello.messages.send({ type: 'direct', to: [othelloId], content: 'Hi, me!' })).id;
    await othello.messages.report({ message_id: self, report_type: 'inappropriate' });
    expect(lastIn(reports)?.content).toContain(`${othelloMention} to ${othelloMention} at`);
    expect(lastIn(reports)?.content).toContain(`[Original message](${url([othelloId], self)})`);
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const iagoId = realm.userId('iago@zulip.com');
    const group = (await othello.messages.send({ type: 'direct', to: [hamletId, cordeliaId, iagoId], content: 'I eat cereal with water' })).id;
    await hamlet.messages.report({ message_id: group, report_type: 'other', description: 'Call the police please' });
    const others = [mention('cordelia@zulip.com', "Cordelia, Lear's daughter"), hamletMention, mention('iago@zulip.com', 'Iago')].sort();
    expect(lastIn(reports)?.content).toContain(`sent by ${othelloMention} to ${others[0]}, ${others[1]}, and ${others[2]} at `);
    expect(lastIn(reports)?.content).toContain('**Other reason**. Call the police please');
    expect(lastIn(reports)?.content).toContain(`[Original message](${url([hamletId, othelloId, cordeliaId, iagoId], group, '-group')})`);
    // Three participants: "A and B".
    const three = (await othello.messages.send({ type: 'direct', to: [hamletId, cordeliaId], content: 'three' })).id;
    await hamlet.messages.report({ message_id: three, report_type: 'spam' });
    const pair = [mention('cordelia@zulip.com', "Cordelia, Lear's daughter"), hamletMention].sort();
    expect(lastIn(reports)?.content).toContain(`to ${pair[0]} and ${pair[1]} at `);
  });

  it('quotes with a longer fence than the message uses, cuts long messages, and uses the empty topic where the channel allows only it', async () => {
    const reports = await moderationChannel();
    const othello = realm.clientFor('othello@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const fenced = (await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'code', content: '````\ncode\n````' })).id;
    await hamlet.messages.report({ message_id: fenced, report_type: 'spam' });
    expect(lastIn(reports)?.content).toContain('````` spoiler Original message at');
    const long = (await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'long', content: '.'.repeat(8501) })).id;
    await hamlet.messages.report({ message_id: long, report_type: 'spam' });
    expect(lastIn(reports)?.content).toContain(`\n${'.'.repeat(8500 - 20)}\n[message truncated]\n\`\`\``);
    // Set directly, as the server's own test does: the channel already has its named "channel events" topic.
    realm.mock.store.tables.channel.update(reports, { topics_policy: 'empty_topic_only' });
    await hamlet.messages.report({ message_id: long, report_type: 'spam' });
    expect(lastIn(reports)?.topic).toBe('');
  });

  it('reads lines of the reported message as Python does: a fence after \\r, U+2028 or U+2029 opens no line', async () => {
    const reports = await moderationChannel();
    const othello = realm.clientFor('othello@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    for (const separator of ['\r', '\u2028', '\u2029']) {
      const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'code', content: `code${separator}\`\`\`\`` });
      await hamlet.messages.report({ message_id: id, report_type: 'spam' });
      expect(lastIn(reports)?.content).toMatch(/\n``` spoiler Original message at [^\n]*\ncode.````\n```$/su);
    }
    const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'code', content: 'code\r\n````' });
    await hamlet.messages.report({ message_id: id, report_type: 'spam' });
    expect(lastIn(reports)?.content).toContain('\n````` spoiler Original message at');
  });

  it('refuses in the server order: type, explanation for other, reporting disabled, inaccessible message', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'hello' });
    const raw = (body: Record<string, string>) => realm.raw('hamlet@zulip.com', 'POST', `/messages/${id}/report`, new URLSearchParams(body));
    expect(await (await raw({ report_type: 'rude' })).json()).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid report_type: Value error, Not in the list of possible values' });
    expect(await (await raw({})).json()).toMatchObject({ msg: "Missing 'report_type' argument" });
    expect(await (await raw({ report_type: 'rude', description: 'x'.repeat(1001) })).json()).toMatchObject({ msg: 'description is too long (limit: 1000 characters)' });
    await expectApiError(hamlet.messages.report({ message_id: id, report_type: 'other' }), bad('An explanation is required.'));
    await expectApiError(hamlet.messages.report({ message_id: id, report_type: 'spam' }), bad('Message reporting is not enabled in this organization.'));
    await moderationChannel();
    await expectApiError(hamlet.messages.report({ message_id: 999_999, report_type: 'spam' }), bad('Invalid message(s)'));
    const dm = (await othello.messages.send({ type: 'direct', to: [realm.userId('iago@zulip.com')], content: 'private' })).id;
    await expectApiError(hamlet.messages.report({ message_id: dm, report_type: 'spam' }), bad('Invalid message(s)'));
  });

  it('events: the report reaches the moderation channel\'s subscribers only (acceptance)', async () => {
    await moderationChannel();
    const othello = realm.clientFor('othello@zulip.com');
    const { id } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'hello' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const moderator = await verifyAction(realm.clientFor('iago@zulip.com'), () => hamlet.messages.report({ message_id: id, report_type: 'spam' }));
    expect(moderator.map((event) => event?.type)).toEqual(['message']);
    const reporter = await verifyAction(hamlet, () => hamlet.messages.report({ message_id: id, report_type: 'spam' }));
    expect(reporter).toEqual([]);
  });

  it('register lists the report types from feature level 435', async () => {
    const state = await realm.clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['realm'] });
    expect(state.server_report_message_types).toEqual([
      { key: 'spam', name: 'Spam' },
      { key: 'harassment', name: 'Harassment' },
      { key: 'inappropriate', name: 'Inappropriate content' },
      { key: 'norms', name: 'Violates community norms' },
      { key: 'other', name: 'Other reason' },
    ]);
  });
});

describe('message reports at older servers', () => {
  const oldest = useTestRealm({ featureLevel: 381 });

  it('register has no report types below 435; the operation is absent below 382', async () => {
    const state = await createMockServer({ featureLevel: 434 }).clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['realm'] });
    expect(state).not.toHaveProperty('server_report_message_types');
    const hamlet = oldest.clientFor('hamlet@zulip.com');
    await expect(hamlet.messages.report({ message_id: 1, report_type: 'spam' })).rejects.toThrow(/382/);
    const response = await oldest.raw('hamlet@zulip.com', 'POST', '/messages/1/report', new URLSearchParams({ report_type: 'spam' }));
    expect(response.status).toBe(404);
  });
});
