import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('onboarding steps over real HTTP', () => {
  it('marks a step seen; an unknown step gets the server error', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    expect(await hamlet.users.markOnboardingStep({ onboarding_step: 'intro_inbox_view_modal' })).toEqual({});
    await expectApiError(hamlet.users.markOnboardingStep({ onboarding_step: 'no_such_step' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Unknown onboarding_step: no_such_step',
    });
  });
});
