import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const SYSTEM_BOTS = ['notification-bot@zulip.com', 'emailgateway@zulip.com', 'welcome-bot@zulip.com'];

describe('the cross-realm system bots exist from the start', () => {
  it.each(SYSTEM_BOTS)('a direct message to %s works in a fresh realm, with its event', async (email) => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    // Nothing runs first (no registration, no notice) that could create the bot.
    const { id } = await hamlet.messages.send({ type: 'direct', to: [email], content: 'hello' });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.display_recipient).toEqual(expect.arrayContaining([expect.objectContaining({ email })]));
    await verifyAction(hamlet, () => hamlet.messages.send({ type: 'direct', to: [email], content: 'again' }));
  });

  it('they can be addressed by user ID, and keep the realm users\' IDs as they were', async () => {
    const state = await realm.clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['realm_user'] });
    const ids = (state.cross_realm_bots ?? []).map((bot) => bot.user_id);
    expect(ids).toHaveLength(3);
    expect(Math.max(...ids)).toBeLessThan(realm.userId('desdemona@zulip.com'));
    expect(realm.userId('desdemona@zulip.com')).toBe(1001);
    const { id } = await realm.clientFor('hamlet@zulip.com').messages.send({ type: 'direct', to: ids, content: 'all of you' });
    expect(realm.mock.store.tables.message.get(id)?.dm_user_ids).toEqual([...ids, realm.userId('hamlet@zulip.com')].sort((a, b) => a - b));
  });
});
