import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';

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
