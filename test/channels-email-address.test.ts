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

  it('leads with the name slugified to ASCII, or leaves it out when that would shorten it', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const addressOf = async (name: string) => {
      await iago.subscriptions.add({ subscriptions: [{ name }] });
      const { stream_id } = await iago.channels.getId({ stream: name });
      return (await iago.channels.emailAddress({ stream_id })).email;
    };
    expect(await addressOf('Dänemark')).toMatch(/^danemark\.[0-9a-f]{32}\.show-sender@zulip\.testserver$/);
    expect(await addressOf('ąężć')).toMatch(/^aezc\.[0-9a-f]{32}\.show-sender@/);
    expect(await addressOf('dev. help')).toMatch(/^dev-help\.[0-9a-f]{32}\.show-sender@/);
    expect(await addressOf('my channel!')).toMatch(/^[0-9a-f]{32}\.show-sender@zulip\.testserver$/);
    expect(await addressOf('Тестовы some ascii letters')).toMatch(/^[0-9a-f]{32}\.show-sender@/);
    expect(await addressOf('_drafts')).toMatch(/^[0-9a-f]{32}\.show-sender@/);
  });

  it('refuses channels the user cannot access', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const { stream_id: secret } = await realm.clientFor('iago@zulip.com').channels.getId({ stream: 'secret' });
    await expectApiError(hamlet.channels.emailAddress({ stream_id: secret }), bad('Invalid channel ID'));
    await expectApiError(hamlet.channels.emailAddress({ stream_id: 424242 }), bad('Invalid channel ID'));
  });

  it('sends as a bot the user administers: any for administrators, their own for others', async () => {
    const denmark = realm.channelId('Denmark');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const webhookBot = realm.userId('webhook-bot@zulip.com');
    await expectApiError(hamlet.channels.emailAddress({ stream_id: denmark, sender_id: 9999 }), bad('No such bot'));
    // A non-negative integer (NonNegativeInt), checked as the request is read: before the channel.
    await expectApiError(hamlet.channels.emailAddress({ stream_id: denmark, sender_id: -1 }), bad('sender_id is too small'));
    await expectApiError(hamlet.channels.emailAddress({ stream_id: 424242, sender_id: -1 }), bad('sender_id is too small'));
    await expectApiError(hamlet.channels.emailAddress({ stream_id: denmark, sender_id: realm.userId('othello@zulip.com') }), bad('No such bot'));
    await expectApiError(hamlet.channels.emailAddress({ stream_id: denmark, sender_id: webhookBot }), bad('Insufficient permission'));
    const iago = realm.clientFor('iago@zulip.com');
    expect((await iago.channels.emailAddress({ stream_id: denmark, sender_id: realm.userId('default-bot@zulip.com') })).email).toMatch(/^denmark\./);
    realm.mock.store.tables.user.update(webhookBot, { can_create_users: true });
    await expectApiError(iago.channels.emailAddress({ stream_id: denmark, sender_id: webhookBot }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization owner',
    });
    const desdemona = realm.clientFor('desdemona@zulip.com');
    expect((await desdemona.channels.emailAddress({ stream_id: denmark, sender_id: webhookBot })).email).toMatch(/^denmark\./);
  });
});
