import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

const basic = (email: string) => `Basic ${btoa(`${email}:${http.running.mock.apiKeyOf(email)}`)}`;

describe('channel creation and message reports over real HTTP', () => {
  it('creates a channel with subscribers, and refuses a taken name with 409 CHANNEL_ALREADY_EXISTS', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const hamletId = http.running.mock.store.realmUserByApiEmail('hamlet@zulip.com')?.id ?? 0;
    const { id } = await iago.channels.create({ name: 'over the wire', subscribers: [hamletId], description: 'wired' });
    expect((await iago.channels.get({ stream_id: id })).stream).toMatchObject({ name: 'over the wire', description: 'wired' });
    const response = await fetch(`${http.running.url}/api/v1/channels/create`, {
      method: 'POST',
      headers: { authorization: basic('iago@zulip.com'), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'over the wire', subscribers: '[]' }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ result: 'error', code: 'CHANNEL_ALREADY_EXISTS', msg: "Channel 'over the wire' already exists" });
  });

  it('reports a message to the moderation request channel, and refuses while there is none', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const hamlet = http.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'wire', content: 'reported over HTTP' });
    const refused = await fetch(`${http.running.url}/api/v1/messages/${id}/report`, {
      method: 'POST',
      headers: { authorization: basic('iago@zulip.com'), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ report_type: 'spam' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'BAD_REQUEST', msg: 'Message reporting is not enabled in this organization.' });
    const iagoId = http.running.mock.store.realmUserByApiEmail('iago@zulip.com')?.id ?? 0;
    const { id: reports } = await iago.channels.create({ name: 'moderation', subscribers: [iagoId], invite_only: true });
    await iago.realm.update({ moderation_request_channel_id: reports });
    expect(await hamlet.messages.report({ message_id: id, report_type: 'spam' })).toEqual({});
    const { messages } = await iago.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: reports }], apply_markdown: false });
    expect(messages[0]).toMatchObject({ subject: 'King Hamlet moderation', sender_email: 'notification-bot@zulip.com' });
    expect(messages[0]?.content).toContain('reported a message sent by');
  });
});
