import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient, UnsupportedFeatureError } from '../src/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

// POST /users/{user_id}/status (feature level 407): the server's update_user_status_admin.
describe("an administrator sets another user's status", () => {
  it('sets the text and emoji as the user would; the user_status event names the user; register + events == a fresh register', async () => {
    const iago = realm.clientFor(IAGO);
    const othello = realm.clientFor('othello@zulip.com');
    const hamlet = realm.clientFor(HAMLET);
    const id = realm.userId(HAMLET);
    const events = await verifyAction(
      othello,
      () => iago.users.updateStatusForUser({ user_id: id, status_text: '  at the beach  ', emoji_name: 'car' }),
      { event_types: ['user_status'] },
    );
    expect(events).toEqual([
      { id: expect.any(Number), type: 'user_status', user_id: id, status_text: 'at the beach', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
    ]);
    expect((await othello.users.getStatus({ user_id: id })).status).toEqual({
      status_text: 'at the beach',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
    // An empty emoji name clears the emoji; the user's own state follows too.
    await verifyAction(hamlet, () => iago.users.updateStatusForUser({ user_id: id, emoji_name: '' }));
    expect((await hamlet.users.getStatus({ user_id: id })).status).toEqual({ status_text: 'at the beach' });
    // An administrator may name themselves; an owner may set an administrator's, and an administrator an owner's.
    await iago.users.updateStatusForUser({ user_id: realm.userId(IAGO), status_text: 'admin' });
    await realm.clientFor('desdemona@zulip.com').users.updateStatusForUser({ user_id: realm.userId(IAGO), status_text: 'by the owner' });
    await iago.users.updateStatusForUser({ user_id: realm.userId('desdemona@zulip.com'), status_text: 'by an admin' });
    expect((await othello.users.getStatus({ user_id: realm.userId(IAGO) })).status).toEqual({ status_text: 'by the owner' });
    expect((await othello.users.getStatus({ user_id: realm.userId('desdemona@zulip.com') })).status).toEqual({ status_text: 'by an admin' });
  });

  it("reads `away`, which it does not declare, and turns the user's presence_enabled around, with both events", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = realm.userId(HAMLET);
    let answer: unknown;
    const events = await verifyAction(
      hamlet,
      async () => {
        const response = await realm.raw(IAGO, 'POST', `/users/${String(id)}/status`, new URLSearchParams({ away: 'true', status_text: 'on vacation' }));
        answer = await response.json();
      },
      { event_types: ['user_status', 'user_settings'] },
    );
    // Read, so not reported as ignored.
    expect(answer).toEqual({ result: 'success', msg: '' });
    expect(events.map((event) => event?.type)).toEqual(['user_settings', 'user_status']);
    expect(events[1]).toEqual({ id: expect.any(Number), type: 'user_status', user_id: id, away: true, status_text: 'on vacation' });
    expect((await hamlet.users.getStatus({ user_id: id })).status).toEqual({ away: true, status_text: 'on vacation' });
    expect((await hamlet.events.register({ fetch_event_types: ['user_settings'] })).user_settings?.presence_enabled).toBe(false);
  });

  it('refuses in the server\'s order: the text\'s length, then the user (unknown or bot, deactivated), then the role, then the update\'s checks', async () => {
    const iago = realm.clientFor(IAGO);
    const id = realm.userId(HAMLET);
    await expectApiError(iago.users.updateStatusForUser({ user_id: 424_242, status_text: 's'.repeat(61) }), bad('status_text is too long (limit: 60 characters)'));
    await expectApiError(iago.users.updateStatusForUser({ user_id: 424_242, status_text: 'x' }), bad('No such user'));
    await expectApiError(iago.users.updateStatusForUser({ user_id: realm.userId('default-bot@zulip.com'), status_text: 'x' }), bad('No such user'));
    await iago.users.deactivate({ user_id: realm.userId('prospero@zulip.com') });
    await expectApiError(iago.users.updateStatusForUser({ user_id: realm.userId('prospero@zulip.com'), status_text: 'x' }), bad('User is deactivated'));
    await expectApiError(realm.clientFor('shiva@zulip.com').users.updateStatusForUser({ user_id: 424_242 }), bad('No such user'));
    await expectApiError(iago.users.updateStatusForUser({ user_id: id }), bad('Client did not pass any new values.'));
    await expectApiError(
      iago.users.updateStatusForUser({ user_id: id, status_text: 'x', emoji_code: '1f697' }),
      bad('Client must pass emoji_name if they pass either emoji_code or reaction_type.'),
    );
    await expectApiError(iago.users.updateStatusForUser({ user_id: id, emoji_name: 'invalid' }), bad("Emoji 'invalid' does not exist"));
    await expectApiError(iago.users.updateStatusForUser({ user_id: id, emoji_name: 'car', emoji_code: '1f600', reaction_type: 'unicode_emoji' }), bad('Invalid emoji name.'));
    await expectApiError(
      iago.users.updateStatusForUser({ user_id: id, emoji_name: 'car', emoji_code: '1f4bb', reaction_type: 'realm_emoji' }),
      bad('Invalid custom emoji.'),
    );
    expect((await iago.users.getStatus({ user_id: id })).status).toEqual({});
  });

  it('reads `away` only after finding the user: an unusable value loses to the user and role checks', async () => {
    const post = (email: string, userId: number, body: Record<string, string>) =>
      realm.raw(email, 'POST', `/users/${String(userId)}/status`, new URLSearchParams(body)).then(async (response) => [response.status, await response.json()]);
    const refused = (msg: string) => [400, { result: 'error', code: 'BAD_REQUEST', msg }];
    const id = realm.userId(HAMLET);
    expect(await post(IAGO, 424_242, { away: 'soon' })).toEqual(refused('No such user'));
    expect(await post('shiva@zulip.com', id, { away: 'soon' })).toEqual(refused('Insufficient permission'));
    expect(await post(IAGO, id, { away: 'soon', status_text: 'x' })).toEqual(refused('away is not valid JSON'));
    expect(await post(IAGO, id, { away: '1' })).toEqual(refused('away is not a boolean'));
    // Refused before anything changed.
    expect((await realm.clientFor(HAMLET).users.getStatus({ user_id: id })).status).toEqual({});
  });

  it('only administrators and owners: moderators, members and guests get Insufficient permission; bots may not call it', async () => {
    const id = realm.userId('othello@zulip.com');
    for (const email of ['shiva@zulip.com', HAMLET, 'polonius@zulip.com']) {
      await expectApiError(realm.clientFor(email).users.updateStatusForUser({ user_id: id, status_text: 'x' }), bad('Insufficient permission'));
    }
    // Not even for themselves through this route.
    await expectApiError(realm.clientFor(HAMLET).users.updateStatusForUser({ user_id: realm.userId(HAMLET), status_text: 'x' }), bad('Insufficient permission'));
    await expectApiError(
      realm.clientFor('default-bot@zulip.com').users.updateStatusForUser({ user_id: id, status_text: 'x' }),
      bad('This endpoint does not accept bot requests.'),
    );
    expect((await realm.clientFor(HAMLET).users.getStatus({ user_id: id })).status).toEqual({});
  });

  it('is new in feature level 407: the SDK refuses it before sending, and an older mock has only GET on the path', async () => {
    const mock = createMockServer({ featureLevel: 406 });
    const client = new ChatClient({ site: SITE, email: IAGO, apiKey: mock.apiKeyOf(IAGO), fetch: mock.fetch, maxRetries: 0 });
    const hamlet = mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0;
    await expect(client.users.updateStatusForUser({ user_id: hamlet, status_text: 'x' })).rejects.toBeInstanceOf(UnsupportedFeatureError);
    const response = await mock.fetch(`${SITE}/api/v1/users/${String(hamlet)}/status`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${IAGO}:${mock.apiKeyOf(IAGO)}`)}` },
      body: new URLSearchParams({ status_text: 'x' }),
    });
    expect([response.status, await response.json()]).toEqual([405, { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET', 'HEAD'] }]);
  });
});
