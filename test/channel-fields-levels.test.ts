import { describe, expect, it } from 'vitest';
import { olderServerForAll } from './support/older-server';
import { verifyAction } from './support/verify-action';

const IAGO = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';

/** The channel fields whose arrival the API changelog dates: the field and the level that added it. */
const DATED_FIELDS = [
  ['creator_id', 254],
  ['is_archived', 315],
  ['topics_policy', 392],
] as const;

/** Registers Hamlet, then creates a channel he is subscribed to: his channel objects in the state and in the events. */
async function channelObjectsAt(level: number) {
  const { clientFor, userId } = olderServerForAll(level);
  const hamlet = clientFor(HAMLET);
  const registered = await hamlet.events.register({ fetch_event_types: ['stream', 'subscription'] });
  const events = await verifyAction(
    hamlet,
    () => clientFor(IAGO).subscriptions.add({ subscriptions: [{ name: 'dated fields' }], principals: [userId(HAMLET) ?? 0] }),
    { event_types: ['stream', 'subscription', 'message'] },
    { userId: userId(HAMLET) },
  );
  const created = events.find((event) => event?.type === 'stream' && event.op === 'create') as { streams: object[] } | undefined;
  const added = events.find((event) => event?.type === 'subscription' && event.op === 'add') as { subscriptions: object[] } | undefined;
  return [registered.streams?.[0], registered.subscriptions?.[0], created?.streams[0], added?.subscriptions[0]];
}

// Zulip 10.2 (level 372) has no topics_policy in zerver/lib/types.py's APIStreamDict and
// SubscriptionStreamDict (stream create and subscription add events, register); api_docs/changelog.md
// adds creator_id at 254, is_archived at 315 and topics_policy at 392.
describe('channel objects carry each field only from the level that added it', () => {
  it.each(DATED_FIELDS)('%s: absent below level %i, in the state and in the events', async (field, level) => {
    // Each of the four objects must have been found, or `not.toHaveProperty` would pass on nothing.
    const before = await channelObjectsAt(level - 1);
    for (const channel of before) expect(channel).toEqual(expect.any(Object));
    for (const channel of before) expect(channel).not.toHaveProperty(field);
    for (const channel of await channelObjectsAt(level)) expect(channel).toHaveProperty(field);
  });
});
