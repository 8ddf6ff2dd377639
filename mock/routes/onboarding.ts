import type { onboarding } from '../../src/endpoints/index';
import { markOnboardingStep } from '../domain/onboarding/steps';
import type { Implementation } from '../http/operation';

/** Onboarding steps: decode → domain → payload. */
export const onboardingRoutes = {
  markOnboardingStep: ({ state, user, params }) => {
    markOnboardingStep(state, user, params.onboarding_step, params.schedule_navigation_tour_video_reminder_delay);
    return {};
  },
} satisfies { [Name in keyof typeof onboarding]: Implementation<(typeof onboarding)[Name]> };
