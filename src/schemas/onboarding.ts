import * as z from 'zod/mini';

/** One onboarding step still to show the user: a notice shown once, or an action taken once. */
export const OnboardingStep = z.looseObject({
  /** `one_time_notice` or `one_time_action` (feature level 233; older servers' hotspots have none). */
  type: z.optional(z.string()),
  /** The step's name, e.g. `intro_inbox_view_modal`. */
  name: z.string(),
});

/** An onboarding step, as `onboarding_steps` lists them. */
export type OnboardingStep = z.output<typeof OnboardingStep>;
