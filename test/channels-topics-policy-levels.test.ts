import { describe, expect, it } from 'vitest';
import { serverAt, unsupported } from './support/older-server';

const IAGO = 'iago@zulip.com';

describe("a channel's topics_policy on servers older than level 392", () => {
  it('the SDK refuses it on subscribe and on update, which such a server would ignore (as the raw requests show)', async () => {
    const { client: iago, raw } = serverAt(391, IAGO);
    const subscribe = iago.subscriptions.add({ subscriptions: [{ name: 'x' }], topics_policy: 'allow_empty_topic' });
    expect(await unsupported(subscribe)).toMatchObject({ parameter: 'topics_policy', neededLevel: 392, serverLevel: 391 });
    const created = await raw('POST', '/users/me/subscriptions', { subscriptions: '[{"name":"old"}]', topics_policy: '"allow_empty_topic"' });
    expect(created).toMatchObject({ status: 200, body: { ignored_parameters_unsupported: ['topics_policy'] } });
    const { stream_id } = await iago.channels.getId({ stream: 'old' });
    expect(await unsupported(iago.channels.update({ stream_id, topics_policy: 'allow_empty_topic' }))).toMatchObject({ parameter: 'topics_policy', neededLevel: 392 });
    expect(await raw('PATCH', `/streams/${String(stream_id)}`, { topics_policy: '"allow_empty_topic"' })).toMatchObject({
      status: 200,
      body: { ignored_parameters_unsupported: ['topics_policy'] },
    });
  });

  it('from 392 both take it', async () => {
    const { client: iago } = serverAt(392, IAGO);
    await iago.subscriptions.add({ subscriptions: [{ name: 'x' }], topics_policy: 'allow_empty_topic' });
    const { stream_id } = await iago.channels.getId({ stream: 'x' });
    expect((await iago.channels.get({ stream_id })).stream.topics_policy).toBe('allow_empty_topic');
    await iago.channels.update({ stream_id, topics_policy: 'disable_empty_topic' });
    expect((await iago.channels.get({ stream_id })).stream.topics_policy).toBe('disable_empty_topic');
  });
});
