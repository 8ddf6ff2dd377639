import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('channels.emailAddress (GET /streams/{stream_id}/email_address)', () => {
  it('answers {name}.{token}.show-sender@{realm host}: stable per channel, user and sender', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.channelId('Denmark');
    const { email } = await hamlet.channels.emailAddress({ stream_id: denmark });
    expect(email).toMatch(/^denmark\.[0-9a-f]{32}\.show-sender@zulip\.testserver$/);
    expect((await hamlet.channels.emailAddress({ stream_id: denmark })).email).toBe(email);
    const asSelf = (await hamlet.channels.emailAddress({ stream_id: denmark, sender_id: realm.userId('hamlet@zulip.com') })).email;
    const asBot = (await hamlet.channels.emailAddress({ stream_id: denmark, sender_id: realm.userId('default-bot@zulip.com') })).email;
    const byOthello = (await realm.clientFor('othello@zulip.com').channels.emailAddress({ stream_id: denmark })).email;
    expect(new Set([email, asSelf, asBot, byOthello]).size).toBe(4);
  });

  it('encodes the name: runs of other characters become one hyphen, lower-cased, trimmed', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: '  Core Team: Q&A!! ' }] });
    const { stream_id } = await iago.channels.getId({ stream: 'Core Team: Q&A!!' });
    expect((await iago.channels.emailAddress({ stream_id })).email).toMatch(/^core-team-q-a\.[0-9a-f]{32}\.show-sender@/);
  });

  it('refuses channels the user cannot access, and senders that are not the user or their bots', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const { stream_id: secret } = await realm.clientFor('iago@zulip.com').channels.getId({ stream: 'secret' });
    await expectApiError(hamlet.channels.emailAddress({ stream_id: secret }), bad('Invalid channel ID'));
    await expectApiError(hamlet.channels.emailAddress({ stream_id: 424242 }), bad('Invalid channel ID'));
    const denmark = realm.channelId('Denmark');
    await expectApiError(hamlet.channels.emailAddress({ stream_id: denmark, sender_id: realm.userId('othello@zulip.com') }), bad('Insufficient permission'));
    await expectApiError(hamlet.channels.emailAddress({ stream_id: denmark, sender_id: realm.userId('webhook-bot@zulip.com') }), bad('Insufficient permission'));
    await expectApiError(hamlet.channels.emailAddress({ stream_id: denmark, sender_id: 9999 }), bad('No such user'));
  });
});
