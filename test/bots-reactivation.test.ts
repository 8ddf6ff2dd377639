import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const types = (events: readonly unknown[]) => events.map((event) => `${(event as { type: string }).type}:${(event as { op?: string }).op ?? ''}`);

describe('reactivating users and bots (POST /users/{user_id}/reactivate)', () => {
  it("a bot whose owner is deactivated passes to its reactivator, with the owner change's events (acceptance)", async () => {
    const { user_id: botId } = await realm.clientFor('cordelia@zulip.com').bots.create({ full_name: 'Cord Bot', short_name: 'cord' });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    const iagoId = realm.userId('iago@zulip.com');
    // hamlet administers nothing: he hears of the reactivation and the new owner through realm_user only.
    const hamletEvents = await verifyAction(realm.clientFor('hamlet@zulip.com'), async () => {
      const adminEvents = await verifyAction(iago, () => iago.users.reactivate({ user_id: botId }));
      expect(types(adminEvents).slice(0, 4)).toEqual(['realm_user:update', 'realm_bot:update', 'realm_bot:update', 'realm_user:update']);
      expect(adminEvents.slice(1, 4)).toEqual([
        expect.objectContaining({ bot: { user_id: botId, is_active: true } }),
        expect.objectContaining({ bot: { user_id: botId, owner_id: iagoId } }),
        expect.objectContaining({ person: { user_id: botId, bot_owner_id: iagoId } }),
      ]);
    });
    expect(hamletEvents).toContainEqual(expect.objectContaining({ type: 'realm_user', person: { user_id: botId, bot_owner_id: iagoId } }));
    expect((await iago.users.get({ user_id: botId })).user.bot_owner_id).toBe(iagoId);
  });

  it('an active bot cannot be reactivated: its own name is taken', async () => {
    const { user_id: botId } = await realm.clientFor('hamlet@zulip.com').bots.create({ full_name: 'Cord Bot', short_name: 'cord' });
    await expectApiError(
      realm.clientFor('iago@zulip.com').users.reactivate({ user_id: botId }),
      bad('There is already an active bot named "Cord Bot" in this organization. To reactivate this bot, you must rename or deactivate the other one first.'),
    );
  });

  it('administrators reactivate owners too, humans and bots', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const { user_id: botId } = await desdemona.bots.create({ full_name: 'Own Bot', short_name: 'own' });
    await desdemona.bots.update({ bot_id: botId, role: 100 });
    await desdemona.bots.deactivate({ bot_id: botId });
    expect(await iago.users.reactivate({ user_id: botId })).toEqual({});
    const othelloId = realm.userId('othello@zulip.com');
    await desdemona.users.update({ user_id: othelloId, role: 100 });
    await desdemona.users.deactivate({ user_id: othelloId });
    expect(await iago.users.reactivate({ user_id: othelloId })).toEqual({});
    expect((await iago.users.get({ user_id: othelloId })).user.is_active).toBe(true);
  });

  it("an active human is reactivated again, with all of the reactivation's events (acceptance)", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.users.reactivate({ user_id: realm.userId('othello@zulip.com') }));
    expect(types(events).slice(0, 3)).toEqual(['realm_user:update', 'realm_export_consent:', 'subscription:peer_add']);
    expect(types(events)).toContain('user_group:add_members');
  });
});
