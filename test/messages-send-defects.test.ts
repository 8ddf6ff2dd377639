import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { BadRequestError } from '../src/index';
import { apiFailure } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const iago = () => realm.clientFor('iago@zulip.com');
const storedContent = (id: number) => realm.mock.store.tables.message.get(id)?.content ?? '';

describe('message length is counted in characters, as the server counts', () => {
  it('6,000 emoji (12,000 UTF-16 units, under the 10,000-character limit) are stored whole', async () => {
    const content = '😀'.repeat(6000);
    const { id } = await iago().messages.send({ type: 'channel', to: 'Verona', topic: 't', content });
    expect(storedContent(id)).toBe(content);
  });

  it('over-long content is cut at a character boundary, never leaving a lone surrogate', async () => {
    const content = '😀'.repeat(10_001);
    const { id } = await iago().messages.send({ type: 'channel', to: 'Verona', topic: 't', content });
    const stored = storedContent(id);
    expect([...stored]).toHaveLength(10_000);
    expect(stored.endsWith('😀\n[message truncated]')).toBe(true);
    expect(stored).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

describe('the client parameter', () => {
  it('is read as the client name, not reported as ignored, and drives read_by_sender', async () => {
    const response = await iago().request('POST', '/messages', {
      type: 'channel',
      to: 'Verona',
      topic: 't',
      content: 'from the web app',
      client: 'website',
    });
    expect(response).not.toHaveProperty('ignored_parameters_unsupported');
    const { message } = await iago().messages.get({ message_id: response.id as number });
    expect(message.client).toBe('website');
    expect(message.flags).toContain('read');
  });
});

describe('local echo parameters', () => {
  it.each([
    [{ queue_id: 'q' }, "Missing 'local_id' argument"],
    [{ local_id: 'l' }, "Missing 'queue_id' argument"],
  ])('%o without its partner is BAD_REQUEST', async (extra, msg) => {
    const error = await apiFailure(
      iago().messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x', ...extra }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg, status: 400 });
  });

  it('both together are accepted and not reported as ignored', async () => {
    const sent = await iago().messages.send({
      type: 'channel',
      to: 'Verona',
      topic: 't',
      content: 'x',
      queue_id: 'q',
      local_id: '1.01',
    });
    expect(sent).not.toHaveProperty('ignored_parameters_unsupported');
  });
});

describe('channel topics policies', () => {
  const setPolicy = (policy: string) =>
    realm.mock.store.tables.channel.update(realm.channelId('Verona'), { topics_policy: policy });

  it('empty_topic_only refuses a named topic and accepts the empty one', async () => {
    setPolicy('empty_topic_only');
    const error = await apiFailure(iago().messages.send({ type: 'channel', to: 'Verona', topic: 'named', content: 'x' }));
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Only the general chat topic is allowed in this channel.',
      status: 400,
      data: { empty_topic_display_name: 'general chat' },
    });
    await expect(
      iago().messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'x' }),
    ).resolves.toHaveProperty('id');
  });

  it('disable_empty_topic refuses the empty topic whatever the organization allows', async () => {
    setPolicy('disable_empty_topic');
    const error = await apiFailure(iago().messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'x' }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', msg: 'Sending messages to the general chat is not allowed in this channel.', status: 400, data: { empty_topic_display_name: 'general chat' } });
  });

  it('before level 392, sending and moving to the empty topic are refused with the organization-wide wording', async () => {
    const mock = createMockServer({ featureLevel: 391 });
    mock.realm.topics_policy = 'disable_empty_topic';
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const sent = await apiFailure(hamlet.messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'x' }));
    expect(sent).toMatchObject({ code: 'BAD_REQUEST', status: 400, msg: 'Topics are required in this organization', data: {} });
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'named', content: 'x' });
    const moved = await apiFailure(hamlet.messages.update({ message_id: id, topic: '' }));
    expect(moved).toMatchObject({ code: 'BAD_REQUEST', status: 400, msg: 'Topics are required in this organization.', data: {} });
  });

  it('inherit follows the organization; allow_empty_topic overrides it', async () => {
    realm.mock.realm.topics_policy = 'disable_empty_topic';
    setPolicy('inherit');
    await expect(apiFailure(iago().messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'x' }))).resolves.toMatchObject({
      msg: 'Sending messages to the general chat is not allowed in this channel.',
    });
    setPolicy('allow_empty_topic');
    await expect(
      iago().messages.send({ type: 'channel', to: 'Verona', topic: '', content: 'x' }),
    ).resolves.toHaveProperty('id');
  });
});
