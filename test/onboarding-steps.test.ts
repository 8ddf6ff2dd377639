import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { createAdministratorBot } from './support/admin-bot';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const VIDEO_URL = 'https://static.zulipchat.com/static/navigation-tour-video/zulip-10.mp4';
const notice = (name: string) => ({ type: 'one_time_notice', name });
/** Every step of 10.2's list but the visibility policy banner, which the server marks seen for a new human. */
const NEW_USER_STEPS = [
  notice('intro_inbox_view_modal'),
  notice('intro_recent_view_modal'),
  notice('first_stream_created_banner'),
  notice('jump_to_conversation_banner'),
  notice('non_interleaved_view_messages_fading'),
  notice('interleaved_view_messages_fading'),
  notice('intro_resolve_topic'),
  notice('navigation_tour_video'),
  { type: 'one_time_action', name: 'narrow_to_dm_with_welcome_bot_new_user' },
];

async function onboardingState(client: ChatClient) {
  const state: Record<string, unknown> = await client.events.register({ fetch_event_types: ['onboarding_steps'] });
  for (const key of ['queue_id', 'last_event_id', 'zulip_feature_level', 'zulip_version', 'zulip_merge_base']) delete state[key];
  return state;
}

describe('register: onboarding_steps', () => {
  it('a seeded user has seen every step, as in the server development data; the tour video URL is the default', async () => {
    expect(await onboardingState(realm.clientFor('hamlet@zulip.com'))).toEqual({ onboarding_steps: [], navigation_tour_video_url: VIDEO_URL });
  });

  it('a new human sees every step but the visibility policy banner, in the server order', async () => {
    await realm.clientFor('iago@zulip.com').users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' });
    expect(await onboardingState(realm.clientFor('newbie@zulip.com'))).toEqual({ onboarding_steps: NEW_USER_STEPS, navigation_tour_video_url: VIDEO_URL });
  });

  it('a new bot has seen none', async () => {
    const { user_id } = await realm.clientFor('hamlet@zulip.com').bots.create({ full_name: 'Deploy Bot', short_name: 'deploy' });
    const bot = realm.mock.store.tables.user.get(user_id);
    const client = realm.clientFor(bot?.email ?? '');
    expect(await onboardingState(client)).toEqual({ onboarding_steps: [notice('visibility_policy_banner'), ...NEW_USER_STEPS], navigation_tour_video_url: VIDEO_URL });
  });

  it('is part of the whole state, and survives a snapshot', async () => {
    await realm.clientFor('iago@zulip.com').users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' });
    const restored = createMockServer();
    restored.restore(JSON.parse(JSON.stringify(realm.mock.snapshot())));
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'newbie@zulip.com', apiKey: restored.apiKeyOf('newbie@zulip.com'), fetch: restored.fetch });
    const state = await client.events.register();
    expect(state.onboarding_steps).toEqual(NEW_USER_STEPS);
    expect(state.navigation_tour_video_url).toBe(VIDEO_URL);
  });

  it('follows the feature levels: no video URL before 369, no onboarding_steps before 233 (the server named them hotspots)', async () => {
    for (const [level, expected] of [
      [368, { onboarding_steps: [] }],
      [232, {}],
    ] as const) {
      const mock = createMockServer({ featureLevel: level });
      const client = new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch });
      expect(await onboardingState(client)).toEqual(expected);
    }
  });
});

describe('POST /users/me/onboarding_steps (client.users.markOnboardingStep)', () => {
  const newbie = async () => {
    await realm.clientFor('iago@zulip.com').users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' });
    return realm.clientFor('newbie@zulip.com');
  };

  it('marks a step seen: register no longer lists it; marking it again changes nothing', async () => {
    const client = await newbie();
    expect(await client.users.markOnboardingStep({ onboarding_step: 'intro_inbox_view_modal' })).toEqual({});
    await client.users.markOnboardingStep({ onboarding_step: 'intro_inbox_view_modal' });
    await client.users.markOnboardingStep({ onboarding_step: 'narrow_to_dm_with_welcome_bot_new_user' });
    expect((await onboardingState(client)).onboarding_steps).toEqual(NEW_USER_STEPS.slice(1, -1));
  });

  it('an unknown step is refused with the server\'s message', async () => {
    const client = await newbie();
    await expectApiError(client.users.markOnboardingStep({ onboarding_step: 'hotspot_intro' }), {
      code: 'BAD_REQUEST', status: 400, msg: 'Unknown onboarding_step: hotspot_intro',
    });
    await expectApiError(client.users.markOnboardingStep({ onboarding_step: '' }), { code: 'BAD_REQUEST', status: 400, msg: 'Unknown onboarding_step: ' });
    const missing = await realm.raw('newbie@zulip.com', 'POST', '/users/me/onboarding_steps');
    expect([missing.status, await missing.json()]).toEqual([400, { result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'onboarding_step' argument", var_name: 'onboarding_step' }]);
  });

  it('every human role may; bots are refused before the step is read', async () => {
    for (const email of ['polonius@zulip.com', 'hamlet@zulip.com', 'shiva@zulip.com', 'iago@zulip.com', 'desdemona@zulip.com']) {
      expect(await realm.clientFor(email).users.markOnboardingStep({ onboarding_step: 'intro_resolve_topic' })).toEqual({});
    }
    const bot = realm.clientFor(await createAdministratorBot(realm));
    await expectApiError(bot.users.markOnboardingStep({ onboarding_step: 'no_such_step' }), {
      code: 'BAD_REQUEST', status: 400, msg: 'This endpoint does not accept bot requests.',
    });
  });

  it('sends onboarding_steps with the steps still to show, to the user\'s own queues only (acceptance test)', async () => {
    const client = await newbie();
    const events = await verifyAction(client, () => client.users.markOnboardingStep({ onboarding_step: 'intro_recent_view_modal' }));
    expect(events).toEqual([{ type: 'onboarding_steps', id: expect.any(Number), onboarding_steps: NEW_USER_STEPS.filter((step) => step.name !== 'intro_recent_view_modal') }]);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await verifyAction(hamlet, () => client.users.markOnboardingStep({ onboarding_step: 'intro_resolve_topic' }))).toEqual([]);
    // A seeded user has seen everything: the event says so.
    expect(await verifyAction(hamlet, () => hamlet.users.markOnboardingStep({ onboarding_step: 'intro_resolve_topic' }))).toEqual([
      { type: 'onboarding_steps', id: expect.any(Number), onboarding_steps: [] },
    ]);
  });

  it('is absent from a server older than feature level 233', async () => {
    const mock = createMockServer({ featureLevel: 232 });
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch, featureLevel: 232 });
    await expect(client.users.markOnboardingStep({ onboarding_step: 'intro_resolve_topic' })).rejects.toMatchObject({ name: 'UnsupportedFeatureError' });
  });
});
