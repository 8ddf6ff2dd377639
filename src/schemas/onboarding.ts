import * as z from 'zod/mini';
import { successBody } from './common';

/** One onboarding step still to show the user: a notice shown once, or an action taken once. */
export const OnboardingStep = z.looseObject({
  /** `one_time_notice` or `one_time_action` (feature level 233; older servers' hotspots have none). */
  type: z.optional(z.string()),
  /** The step's name, e.g. `intro_inbox_view_modal`. */
  name: z.string(),
});

/** An onboarding step, as `onboarding_steps` lists them. */
export type OnboardingStep = z.output<typeof OnboardingStep>;

/** Parameters of `POST /users/me/onboarding_steps`. */
export const MarkOnboardingStepParams = z.object({
  /** The step's name, one of the server's steps (`intro_inbox_view_modal`, ...). */
  onboarding_step: z.string(),
  /**
   * With `navigation_tour_video` only (feature level 369): seconds from now when Welcome Bot should
   * ask whether it is a good time to watch the video.
   */
  schedule_navigation_tour_video_reminder_delay: z.optional(z.int()),
});

/** Success body of `POST /users/me/onboarding_steps`: nothing beyond the envelope. */
export const MarkOnboardingStepResponse = successBody({});
