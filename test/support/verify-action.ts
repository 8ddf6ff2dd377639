import { expect } from 'vitest';
import { type ApplyEventContext, applyEvent, type ChatClient, parseEvent, type RegisteredState } from '../../src/index';
import { userIdOfClient } from './mock';

const QUEUE_FIELDS = ['queue_id', 'last_event_id'] as const;

function withoutQueue(state: RegisteredState): Record<string, unknown> {
  const copy = withoutSubscriberCounts(state);
  for (const field of QUEUE_FIELDS) delete copy[field];
  return copy;
}

const CHANNEL_SECTIONS = ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams'] as const;

/**
 * A copy of the state without the channels' `subscriber_count`: no event keeps it current (the
 * server's own reducer leaves it, and its events test drops it before comparing, as here).
 */
export function withoutSubscriberCounts(state: RegisteredState): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...state };
  for (const section of CHANNEL_SECTIONS) {
    const channels = copy[section] as Record<string, unknown>[] | undefined;
    if (!channels) continue;
    copy[section] = channels.map(({ subscriber_count: _count, ...channel }) => channel);
  }
  return copy;
}

/** What `client.events.register` declares when it is given no capabilities. */
const SDK_DEFAULT_CAPABILITIES = { notification_settings_null: true };

/**
 * The real server's events acceptance test (`verify_action`): register and keep the initial
 * state, perform the action, apply the events it produced with the SDK's reducer, register
 * again: the kept state must equal the fresh one. Returns the events, for further assertions.
 * The reducer learns the client's own user ID from the test realm, and the registration's
 * capabilities, unless `context` gives them.
 */
export async function verifyAction(
  client: ChatClient,
  action: () => Promise<unknown>,
  register: Parameters<ChatClient['events']['register']>[0] = {},
  context: ApplyEventContext = {
    userId: userIdOfClient(client),
    clientGravatar: register.client_gravatar ?? true,
    clientCapabilities: register.client_capabilities ?? SDK_DEFAULT_CAPABILITIES,
    includeSubscribers: register.include_subscribers,
  },
): Promise<ReturnType<typeof parseEvent>[]> {
  const initial = await client.events.register(register);
  await action();
  const { events } = await client.events.get({
    queue_id: initial.queue_id ?? '',
    last_event_id: initial.last_event_id,
    dont_block: true,
  });
  const typed = events.map((event) => parseEvent(event));
  let state = initial;
  for (const event of typed) {
    expect(event, `an event the SDK cannot type: ${JSON.stringify(event)}`).toBeDefined();
    if (event) state = applyEvent(state, event, context);
  }
  const fresh = await client.events.register(register);
  expect(withoutQueue(state)).toEqual(withoutQueue(fresh));
  await client.events.delete({ queue_id: initial.queue_id ?? '' });
  await client.events.delete({ queue_id: fresh.queue_id ?? '' });
  return typed;
}
