import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src/index';
import { OLDER_SITE, serverAt } from './support/older-server';
import { verifyAction } from './support/verify-action';

// A server reads `client_capabilities` as it is and ignores the keys it does not know yet: one
// level below a capability's own, the state and events keep the older format.

const declaring = (capability: string) => ({ client_capabilities: { notification_settings_null: true, [capability]: true } });

/** The events waiting in a queue, read at once. */
async function eventsOf(client: ChatClient, queueId: string | null | undefined) {
  return (await client.events.get({ queue_id: queueId ?? '', last_event_id: -1, dont_block: true })).events;
}

describe('client capabilities newer than the server are ignored', () => {
  it('user_settings_object (level 89): legacy top-level settings and settings events below it', async () => {
    for (const [level, legacy] of [[88, true], [89, false]] as const) {
      const { client } = serverAt(level);
      const state = await client.events.register({ ...declaring('user_settings_object'), event_types: ['user_settings', 'update_display_settings'] });
      expect('twenty_four_hour_time' in state, `level ${level}`).toBe(legacy);
      // `user_settings` itself is new in level 89: below it only the top-level copies exist.
      expect(state.user_settings?.twenty_four_hour_time).toBe(legacy ? undefined : false);
      if (legacy) expect(state.twenty_four_hour_time).toBe(false);
      await client.settings.update({ twenty_four_hour_time: true });
      const types = (await eventsOf(client, state.queue_id)).map((event) => event.type);
      // So is its event: below it only the legacy one.
      expect(types, `level ${level}`).toEqual(legacy ? ['update_display_settings'] : ['user_settings']);
    }
  });

  it('include_deactivated_groups (level 294): deactivated groups left out and a deactivation removes the group below it', async () => {
    for (const [level, included] of [[293, false], [294, true]] as const) {
      const { mock, client } = serverAt(level, 'iago@zulip.com');
      const iago = mock.clientFor('iago@zulip.com');
      await iago.userGroups.create({ name: 'retired', description: '', members: [] });
      // Below level 317 the answer has no group_id: the group by its name.
      const retired = mock.store.userGroupByName('retired')?.id ?? 0;
      await iago.userGroups.deactivate({ user_group_id: retired });
      await iago.userGroups.create({ name: 'leaving', description: '', members: [] });
      const leaving = mock.store.userGroupByName('leaving')?.id ?? 0;
      const state = await client.events.register({ ...declaring('include_deactivated_groups'), fetch_event_types: ['realm_user_groups'], event_types: ['user_group'] });
      expect(state.realm_user_groups?.some((group) => group.id === retired), `level ${level}`).toBe(included);
      await iago.userGroups.deactivate({ user_group_id: leaving });
      const [event] = await eventsOf(client, state.queue_id);
      expect(event, `level ${level}`).toMatchObject(
        included ? { type: 'user_group', op: 'update', group_id: leaving, data: { deactivated: true } } : { type: 'user_group', op: 'remove', group_id: leaving },
      );
    }
  });

  it('simplified_presence_events (level 419): presence by email and legacy presence events below it', async () => {
    for (const [level, modern] of [[418, false], [419, true]] as const) {
      const { mock, client } = serverAt(level);
      const othello = mock.clientFor('othello@zulip.com');
      const othelloId = idOf(mock, 'othello@zulip.com');
      await othello.presence.update({ status: 'active' });
      const state = await client.events.register({ ...declaring('simplified_presence_events'), event_types: ['presence'] });
      expect(Object.keys(state.presences ?? {}), `level ${level}`).toEqual([modern ? String(othelloId) : 'othello@zulip.com']);
      // Back after being offline: the server tells the others.
      mock.clock.advance(200_000);
      await othello.presence.update({ status: 'active' });
      const [event] = await eventsOf(client, state.queue_id);
      if (modern) expect(event).toMatchObject({ type: 'presence', presences: { [String(othelloId)]: expect.any(Object) } });
      else expect(event).toMatchObject({ type: 'presence', user_id: othelloId, email: 'othello@zulip.com' });
    }
  });

  it('user_list_incomplete (level 232): placeholders for the users a limited guest may not see below it', async () => {
    for (const [level, placeholders] of [[231, 3], [232, 0]] as const) {
      const { mock, client } = serverAt(level, 'polonius@zulip.com');
      await limitPoloniusToScotland(mock);
      const state = await client.events.register({ ...declaring('user_list_incomplete'), fetch_event_types: ['realm_user'] });
      expect(state.realm_users?.filter((user) => user.full_name === 'Unknown user'), `level ${level}`).toHaveLength(placeholders);
    }
  });

  it('user_list_incomplete ignored at level 231: the SDK reducer keeps the placeholder of a user the guest loses sight of', async () => {
    const { mock, client } = serverAt(231, 'polonius@zulip.com');
    await limitPoloniusToScotland(mock);
    const cordelia = mock.clientFor('cordelia@zulip.com');
    await cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }] });
    const register = { ...declaring('user_list_incomplete'), event_types: ['realm_user'] };
    const events = await verifyAction(client, () => cordelia.subscriptions.remove({ subscriptions: ['Scotland'] }), register);
    expect(events.filter((event) => event?.type === 'realm_user').map((event) => event?.type === 'realm_user' && event.op)).toEqual(['remove']);
  });

  it('linkifier_url_template (level 176): below it every registration lists the linkifiers, as before the capability', async () => {
    for (const [level, listed] of [[175, 1], [176, 0]] as const) {
      const { client, raw } = serverAt(level, 'iago@zulip.com');
      const url: Record<string, string> = level < 176 ? { url_format_string: 'https://tracker.example/%(id)s' } : { url_template: 'https://tracker.example/{id}' };
      expect((await raw('POST', '/realm/filters', { pattern: '#(?P<id>[0-9]+)', ...url })).status).toBe(200);
      const state = await client.events.register({ fetch_event_types: ['realm_linkifiers'] });
      expect(state.realm_linkifiers, `level ${level}`).toHaveLength(listed);
    }
  });

  it('linkifier_url_template unknown at level 175: the SDK reducer applies realm_linkifiers events to the whole list', async () => {
    const { client, raw } = serverAt(175, 'iago@zulip.com');
    const add = () => raw('POST', '/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_format_string: 'https://tracker.example/%(id)s' });
    const events = await verifyAction(client, add, { event_types: ['realm_linkifiers'] });
    expect(events.map((event) => event?.type)).toEqual(['realm_linkifiers']);
  });
});

describe('on-the-fly queue capability parameters newer than the server', () => {
  it('are unknown parameters there: reported ignored, and the queue gets the older format', async () => {
    for (const [level, ignored] of [[293, true], [294, false]] as const) {
      const { mock, raw } = serverAt(level, 'iago@zulip.com');
      const created = await raw('GET', '/events?dont_block=true&event_types=%5B%22user_group%22%5D&include_deactivated_groups=true');
      expect(created.status).toBe(200);
      expect(created.body['ignored_parameters_unsupported'], `level ${level}`).toEqual(ignored ? ['include_deactivated_groups'] : undefined);
      const iago = mock.clientFor('iago@zulip.com');
      await iago.userGroups.create({ name: 'leaving', description: '', members: [] });
      const leaving = mock.store.userGroupByName('leaving')?.id ?? 0;
      await iago.userGroups.deactivate({ user_group_id: leaving });
      const ops = (await eventsOf(iago, created.body['queue_id'] as string)).map((event) => (event as { op?: string }).op);
      expect(ops, `level ${level}`).toEqual(ignored ? ['add', 'remove'] : ['add', 'update']);
    }
  });

  it('the SDK leaves them out for such a server (it would ignore them) instead of refusing the call', async () => {
    const { mock } = serverAt(418);
    const client = new ChatClient({ site: OLDER_SITE, email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    const created = await client.events.get({ dont_block: true, event_types: ['presence'], simplified_presence_events: true, empty_topic_name: true });
    expect(created.queue_id).toEqual(expect.any(String));
    expect(Object.keys(mock.journal.entries.at(-1)?.params ?? {})).toEqual(['dont_block', 'event_types', 'empty_topic_name']);
  });
});

function idOf(mock: ReturnType<typeof serverAt>['mock'], email: string): number {
  return mock.store.userByDeliveryEmail(email)?.id ?? 0;
}

/** The realm limits guests, and Polonius shares only Scotland (Cordelia, Desdemona and Prospero become "Unknown user"). */
async function limitPoloniusToScotland(mock: ReturnType<typeof serverAt>['mock']): Promise<void> {
  const iago = mock.clientFor('iago@zulip.com');
  await iago.realm.update({ can_access_all_users_group: { new: mock.store.userGroupByName('role:members')?.id ?? 0 } });
  await mock.clientFor('polonius@zulip.com').subscriptions.remove({ subscriptions: ['Verona'] });
  await iago.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [idOf(mock, 'polonius@zulip.com')] });
}
