import { describe, expect, it } from 'vitest';
import type { MockServer } from '../mock/index';
import { apiFailure } from './support/failure';
import { olderServerForAll, rawRequest } from './support/older-server';
import { verifyAction } from './support/verify-action';

const ADMIN = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';

/** `PATCH /realm` with a parameter the SDK does not offer: the status and body. */
const patchRealm = (mock: MockServer, email: string, params: Record<string, string>) => rawRequest(mock, email, 'PATCH', '/realm', params);

// Zulip 10.2 (level 372): zerver/views/realm.py takes mandatory_topics (Realm.property_types), and
// test_message_move_topic.py test_topic_required_in_mandatory_topic_realm sets it.
describe('required topics below level 392: mandatory_topics', () => {
  it('PATCH /realm takes it from administrators, answers it and sends its realm update event', async () => {
    const { mock, clientFor, userId } = olderServerForAll(372);
    const hamlet = clientFor(HAMLET);
    const events = await verifyAction(
      hamlet,
      async () => expect(await patchRealm(mock, ADMIN, { mandatory_topics: 'true' })).toEqual({ status: 200, body: { result: 'success', msg: '', mandatory_topics: true } }),
      { event_types: ['realm'] },
      { userId: userId(HAMLET) },
    );
    expect(events).toEqual([expect.objectContaining({ type: 'realm', op: 'update', property: 'mandatory_topics', value: true })]);
    expect(await hamlet.events.register({ event_types: ['realm'] })).toMatchObject({ realm_mandatory_topics: true });
  });

  it('then refuses moving a message to the empty topic, and allows it once turned off', async () => {
    const { mock, clientFor } = olderServerForAll(372);
    const hamlet = clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'topic 1', content: 'x' });
    await patchRealm(mock, ADMIN, { mandatory_topics: 'true' });
    expect(await apiFailure(hamlet.messages.update({ message_id: id, topic: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Topics are required in this organization.',
    });
    expect(await patchRealm(mock, ADMIN, { mandatory_topics: 'false' })).toMatchObject({ status: 200, body: { mandatory_topics: false } });
    await hamlet.messages.update({ message_id: id, topic: '' });
  });

  it('is ignored from level 392, where topics_policy replaced it', async () => {
    const { mock } = olderServerForAll(392);
    expect(await patchRealm(mock, ADMIN, { mandatory_topics: 'true' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['mandatory_topics'] },
    });
    expect(mock.realm.topics_policy).toBe('allow_empty_topic');
  });
});
