import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { scheduleNavigationTourVideoReminder } from './navigation-tour-reminder';
import { NAVIGATION_TOUR_VIDEO_URL } from './navigation-tour-video';

/** One step of the server's onboarding: a notice shown once, or an action taken once. */
export interface OnboardingStep {
  readonly type: 'one_time_notice' | 'one_time_action';
  readonly name: string;
}

const notice = (name: string): OnboardingStep => ({ type: 'one_time_notice', name });

/** The server's onboarding steps (10.2's `ALL_ONBOARDING_STEPS`), in its order: the notices, then the actions. */
const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  notice('visibility_policy_banner'),
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

/**
 * The steps an account created now has already seen: the server marks the visibility policy
 * banner seen for a new human (it is meant for existing users only); a bot has seen none.
 */
export function stepsSeenByNewUser(isBot: boolean): ReadonlySet<string> {
  return new Set(isBot ? [] : ['visibility_policy_banner']);
}

/**
 * The steps still to show the user. Seeded users have seen every step, as the server's
 * development data marks them all seen; accounts created in the mock keep what they have seen.
 */
function nextOnboardingSteps(state: MockState, user: UserRecord): OnboardingStep[] {
  const seen = state.store.onboardingStepsSeen.get(user.id);
  if (seen === undefined) return [];
  return ONBOARDING_STEPS.filter((step) => !seen.has(step.name)).map((step) => ({ ...step }));
}

/**
 * The `onboarding_steps` register state: the steps to show, and (from feature level 369) the
 * navigation tour video's URL; nothing on a server older than the name (feature level 233).
 */
export function onboardingState(state: MockState, user: UserRecord, wanted: ReadonlySet<string>): Record<string, unknown> {
  if (!wanted.has('onboarding_steps') || !hasLevel(state, LEVEL.onboardingSteps)) return {};
  return {
    onboarding_steps: nextOnboardingSteps(state, user),
    ...(hasLevel(state, LEVEL.navigationTourVideo) ? { navigation_tour_video_url: NAVIGATION_TOUR_VIDEO_URL } : {}),
  };
}

/** The parameter that asks for the navigation tour video reminder. */
const REMINDER_DELAY_PARAMETER = 'schedule_navigation_tour_video_reminder_delay';

/**
 * `POST /users/me/onboarding_steps`: a step the server knows is marked seen (again is harmless),
 * and the user's queues get the steps still to show. Seeded users have seen every step already.
 * With `reminderDelay` (seconds; feature level 369), which only the navigation tour video step
 * takes, Welcome Bot first schedules a reminder to watch the video.
 */
export function markOnboardingStep(state: MockState, user: UserRecord, name: string, reminderDelay?: number): void {
  if (!ONBOARDING_STEPS.some((step) => step.name === name)) throw badRequest(`Unknown onboarding_step: ${name}`);
  if (reminderDelay !== undefined) {
    // The server asserts this and so answers a 500, having changed nothing; the mock words it instead.
    if (name !== 'navigation_tour_video') throw badRequest(`${REMINDER_DELAY_PARAMETER} is only for the navigation_tour_video onboarding step`);
    scheduleNavigationTourVideoReminder(state, user, reminderDelay, NAVIGATION_TOUR_VIDEO_URL);
  }
  const seen = state.store.onboardingStepsSeen.get(user.id);
  if (seen !== undefined) state.store.onboardingStepsSeen.set(user.id, new Set([...seen, name]));
  state.events.record({ kind: 'onboarding_steps_changed', userId: user.id, steps: nextOnboardingSteps(state, user) });
}
