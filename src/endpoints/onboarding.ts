import { defineEndpoint } from '../contract/endpoint';
import { MarkOnboardingStepParams, MarkOnboardingStepResponse } from '../schemas/onboarding';

/**
 * `POST /users/me/onboarding_steps`: mark an onboarding step as seen (humans only, feature level
 * 233). The reference OpenAPI file does not document it; the server's own source does
 * (`mark_onboarding_step_as_read`).
 */
export const markOnboardingStep = defineEndpoint({
  id: 'mark-onboarding-step',
  method: 'POST',
  path: '/users/me/onboarding_steps',
  params: MarkOnboardingStepParams,
  response: MarkOnboardingStepResponse,
  access: { auth: 'api_key', humansOnly: true },
  // Marking a step again changes nothing, but a repeat with a reminder delay schedules a second reminder.
  retrySafe: false,
  featureLevel: 233,
  requires: [{ param: 'schedule_navigation_tour_video_reminder_delay', since: 369 }],
});
