import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('the Welcome Bot test message over real HTTP', () => {
  it('sends the administrator the quoted text and answers its ID; a member is refused', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const { message_id } = await iago.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Over the wire' });
    const { message } = await iago.messages.get({ message_id, apply_markdown: false });
    expect(message).toMatchObject({ sender_email: 'welcome-bot@zulip.com', content: 'A note from @_*role:administrators*:\n```quote\nOver the wire\n```' });
    await expectApiError(http.clientFor('hamlet@zulip.com').realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: 'Hi' }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization administrator',
    });
  });
});
