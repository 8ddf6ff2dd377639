import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const UNIQUE = { code: 'BAD_REQUEST', status: 400, msg: 'Unique names required in this organization.' };

describe('require_unique_names: check_full_name compares against every user but the one the server passes', () => {
  it('POST /bots: any other user, case- and NFKC-insensitively; the creator is not compared', async () => {
    await realm.clientFor('desdemona@zulip.com').realm.update({ require_unique_names: true });
    await expectApiError(realm.clientFor('cordelia@zulip.com').bots.create({ full_name: 'king hamlet', short_name: 'u1' }), UNIQUE);
    // Fullwidth letters are NFKC-equal to ASCII ones.
    await expectApiError(realm.clientFor('cordelia@zulip.com').bots.create({ full_name: 'ＫＩＮＧ Hamlet', short_name: 'u1' }), UNIQUE);
    const { user_id } = await realm.clientFor('hamlet@zulip.com').bots.create({ full_name: 'KING HAMLET', short_name: 'u2' });
    expect(realm.mock.store.tables.user.get(user_id)?.full_name).toBe('KING HAMLET');
  });

  it('renames: deactivated users count; the user renamed is not compared', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await realm.clientFor('desdemona@zulip.com').realm.update({ require_unique_names: true });
    const othelloId = realm.userId('othello@zulip.com');
    const othelloName = realm.mock.store.tables.user.get(othelloId)?.full_name ?? '';
    await iago.users.deactivate({ user_id: othelloId });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { user_id: botId } = await hamlet.bots.create({ full_name: 'Deploy Bot', short_name: 'deploy' });
    await expectApiError(hamlet.bots.update({ bot_id: botId, full_name: othelloName.toUpperCase() }), UNIQUE);
    expect((await hamlet.bots.update({ bot_id: botId, full_name: 'deploy bot' })).full_name).toBe('deploy bot');
    await expectApiError(iago.users.update({ user_id: realm.userId('cordelia@zulip.com'), full_name: othelloName }), UNIQUE);
    await expectApiError(hamlet.settings.update({ full_name: 'deploy BOT' }), UNIQUE);
    await hamlet.settings.update({ full_name: 'KING hamlet' });
    expect(realm.mock.store.tables.user.get(realm.userId('hamlet@zulip.com'))?.full_name).toBe('KING hamlet');
  });
});
