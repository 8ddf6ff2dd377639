import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

/** A client of iago's whose every request names this User-Agent. */
function iagoAs(userAgent: string) {
  return realm.clientFor('iago@zulip.com', {
    fetch: (input, init) => {
      const request = new Request(input, init);
      request.headers.set('User-Agent', userAgent);
      return fetch(request);
    },
  });
}

describe('POST /register parameters', () => {
  it('reads client_gravatar=null as the default (true)', async () => {
    const body = new URLSearchParams({ event_types: '["realm_user"]', client_gravatar: 'null' });
    const response = await realm.raw('hamlet@zulip.com', 'POST', '/register', body);
    expect(response.status).toBe(200);
    const state = (await response.json()) as { realm_users: { email: string; avatar_url: string | null }[] };
    // The default leaves a Gravatar user's avatar_url null for the client to compute.
    expect(state.realm_users.find((user) => user.email === 'othello@zulip.com')?.avatar_url).toBeNull();
  });
});

describe('the Pronouns profile field type and old mobile apps', () => {
  const PRONOUNS = { name: 'Pronouns', field_type: 8, hint: '' };

  it('shows a ZulipMobile app before 27.192 Pronouns fields as short text, in the state and in events', async () => {
    const old = iagoAs('ZulipMobile/27.191 (Android 10)');
    const events = await verifyAction(old, () => realm.clientFor('iago@zulip.com').profileFields.create(PRONOUNS), {
      event_types: ['custom_profile_fields'],
    });
    const fields = events.map((event) => event?.type === 'custom_profile_fields' && event.fields.find((field) => field.name === 'Pronouns')?.type);
    expect(fields).toEqual([1]);
    const state = await old.events.register({ event_types: ['custom_profile_fields'] });
    expect(state.custom_profile_fields?.find((field) => field.name === 'Pronouns')?.type).toBe(1);
    expect(state.custom_profile_field_types).not.toHaveProperty('PRONOUNS');
    expect(state.custom_profile_field_types).toHaveProperty('SHORT_TEXT', { id: 1, name: 'Text (short)' });
  });

  it('shows newer apps and other clients the Pronouns type', async () => {
    await realm.clientFor('iago@zulip.com').profileFields.create(PRONOUNS);
    for (const userAgent of ['ZulipMobile/27.192 (iOS 17)', 'ZulipMobile/28.0', 'ZulipElectron/5.0', 'ZulipMobile/27.192beta']) {
      const state = await iagoAs(userAgent).events.register({ event_types: ['custom_profile_fields'] });
      expect(state.custom_profile_fields?.find((field) => field.name === 'Pronouns')?.type, userAgent).toBe(8);
      expect(state.custom_profile_field_types, userAgent).toHaveProperty('PRONOUNS', { id: 8, name: 'Pronouns' });
    }
  });
});
