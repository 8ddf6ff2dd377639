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

describe('POST /users/me/onboarding_steps with schedule_navigation_tour_video_reminder_delay', () => {
  const REMINDER = `<p>You asked to watch the <a href="${VIDEO_URL}">Welcome to Zulip video</a> later. Is this a good time?</p>`;
  const newbie = async () => {
    await realm.clientFor('iago@zulip.com').users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' });
    return realm.clientFor('newbie@zulip.com');
  };
  const newestContent = async (client: ChatClient) => {
    const { messages } = await client.messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    return { content: messages[0]?.content, sender_email: messages[0]?.sender_email };
  };

  it("marks the video seen and has Welcome Bot ask, after the delay, whether now is a good time; nobody is told it is scheduled", async () => {
    const client = await newbie();
    const events = await verifyAction(client, () =>
      client.users.markOnboardingStep({ onboarding_step: 'navigation_tour_video', schedule_navigation_tour_video_reminder_delay: 600 }),
    );
    expect(events).toEqual([{ type: 'onboarding_steps', id: expect.any(Number), onboarding_steps: NEW_USER_STEPS.filter((step) => step.name !== 'navigation_tour_video') }]);
    // Welcome Bot's scheduled message, not the user's.
    expect((await client.scheduledMessages.list()).scheduled_messages).toEqual([]);
    const before = await newestContent(client);
    realm.clock.advance(599_000);
    expect(await newestContent(client)).toEqual(before);
    realm.clock.advance(1_000);
    expect(await newestContent(client)).toEqual({ content: expect.stringContaining(REMINDER), sender_email: 'welcome-bot@zulip.com' });
  });

  it('reads the delay as a JSON integer, after the step', async () => {
    await newbie();
    const post = (body: Record<string, string>) => realm.raw('newbie@zulip.com', 'POST', '/users/me/onboarding_steps', new URLSearchParams(body));
    const invalid = await post({ onboarding_step: 'navigation_tour_video', schedule_navigation_tour_video_reminder_delay: 'soon' });
    expect([invalid.status, await invalid.json()]).toEqual([
      400,
      { result: 'error', code: 'BAD_REQUEST', msg: 'schedule_navigation_tour_video_reminder_delay is not valid JSON' },
    ]);
    const unknown = await post({ onboarding_step: 'video', schedule_navigation_tour_video_reminder_delay: '60' });
    expect(await unknown.json()).toMatchObject({ msg: 'Unknown onboarding_step: video' });
  });

  it('with any other step the server fails its assertion (500); the mock answers 400 and marks nothing', async () => {
    const mock = createMockServer();
    const admin = new ChatClient({ site: 'http://localhost:9991', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    await admin.users.create({ email: 'newbie@zulip.com', password: 'a-long-password-1', full_name: 'Newbie' });
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'newbie@zulip.com', apiKey: mock.apiKeyOf('newbie@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    const response = await mock.fetch('http://localhost:9991/api/v1/users/me/onboarding_steps', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`newbie@zulip.com:${mock.apiKeyOf('newbie@zulip.com')}`)}` },
      body: new URLSearchParams({ onboarding_step: 'intro_resolve_topic', schedule_navigation_tour_video_reminder_delay: '60' }),
    });
    expect([response.status, await response.json()]).toEqual([
      400,
      { result: 'error', code: 'BAD_REQUEST', msg: 'schedule_navigation_tour_video_reminder_delay is only for the navigation_tour_video onboarding step' },
    ]);
    expect((await onboardingState(client)).onboarding_steps).toEqual(NEW_USER_STEPS);
  });

  it('is unknown before feature level 369: the SDK refuses it, the server ignores it', async () => {
    const mock = createMockServer({ featureLevel: 368 });
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch, featureLevel: 368 });
    await expect(
      client.users.markOnboardingStep({ onboarding_step: 'navigation_tour_video', schedule_navigation_tour_video_reminder_delay: 60 }),
    ).rejects.toMatchObject({ name: 'UnsupportedFeatureError' });
    const response = await mock.fetch('http://localhost:9991/api/v1/users/me/onboarding_steps', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`hamlet@zulip.com:${mock.apiKeyOf('hamlet@zulip.com')}`)}` },
      body: new URLSearchParams({ onboarding_step: 'navigation_tour_video', schedule_navigation_tour_video_reminder_delay: '60' }),
    });
    expect(await response.json()).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['schedule_navigation_tour_video_reminder_delay'] });
  });
});
