import { describe, expect, it } from 'vitest';
import { type ChatClient, InvitationFailedError } from '../src/index';
import { createAdministratorBot } from './support/admin-bot';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

/** The rejection of a call, for its code, msg, status and extra fields. */
async function failure(call: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error) || !('code' in error)) throw new Error(`expected an API error, got ${String(error)}`);
  const { code, msg, status, data } = error as unknown as { code: string; msg: string; status: number; data: Record<string, unknown> };
  return { code, msg, status, ...data };
}

const bad = (msg: string) => ({ code: 'BAD_REQUEST', msg, status: 400 });

async function drain(client: ChatClient, queueId: string) {
  return (await client.events.get({ queue_id: queueId, last_event_id: -1, dont_block: true })).events.map(({ id: _id, ...event }) => event);
}

describe('POST /invites', () => {
  it('invites each address once (names unwrapped), listed for the inviter with the server defaults', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const now = Math.floor(realm.clock.now() / 1000);
    await hamlet.invites.send({ invitee_emails: 'Alice Test <alice@example.com>,\nbob@example.com, bob@example.com', stream_ids: [realm.channelId('Denmark')] });
    const { invites } = await hamlet.invites.list();
    expect(invites).toEqual([
      { email: 'alice@example.com', invited_by_user_id: realm.userId('hamlet@zulip.com'), invited: now, expiry_date: now + 14_400 * 60, id: invites[0]?.id, invited_as: 400, is_multiuse: false, notify_referrer_on_join: true },
      expect.objectContaining({ email: 'bob@example.com', is_multiuse: false }),
    ]);
  });

  it('never expires with invite_expires_in_minutes null; keeps invite_as and notify_referrer_on_join', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.invites.send({ invitee_emails: 'mod@example.com', stream_ids: [], invite_expires_in_minutes: null, invite_as: 300, notify_referrer_on_join: false });
    expect((await iago.invites.list()).invites).toEqual([expect.objectContaining({ email: 'mod@example.com', expiry_date: null, invited_as: 300, notify_referrer_on_join: false })]);
  });

  it('refuses guests and bots before reading anything', async () => {
    expect(await failure(realm.clientFor('polonius@zulip.com').invites.send({ invitee_emails: 'a@example.com', stream_ids: [] }))).toEqual(bad('Not allowed for guest users'));
    expect(await failure(realm.clientFor('default-bot@zulip.com').invites.list())).toEqual(bad('This endpoint does not accept bot requests.'));
  });


  it('follows can_invite_users_group: owners change it, with its event and the register flag following', async () => {
    const owner = realm.clientFor('desdemona@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const invite = (client: ChatClient) => client.invites.send({ invitee_emails: 'x@example.com', stream_ids: [] });
    expect(await failure(realm.clientFor('iago@zulip.com').realm.update({ can_invite_users_group: { new: realm.groupId('role:administrators') } }))).toEqual({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
      status: 400,
    });
    const events = await verifyAction(hamlet, () => owner.realm.update({ can_invite_users_group: { new: realm.groupId('role:administrators') } }), {
      event_types: ['realm', 'realm_user', 'realm_user_groups'],
    });
    expect(events).toEqual([{ type: 'realm', op: 'update_dict', property: 'default', data: { can_invite_users_group: realm.groupId('role:administrators') }, id: 0 }]);
    expect(await hamlet.events.register({ event_types: ['realm', 'realm_user'] })).toMatchObject({ realm_can_invite_users_group: realm.groupId('role:administrators'), can_invite_others_to_realm: false });
    expect(await failure(invite(hamlet))).toEqual(bad('Insufficient permission'));
    await owner.realm.update({ can_invite_users_group: { new: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [] } } });
    await invite(hamlet);
    expect(await failure(invite(realm.clientFor('cordelia@zulip.com')))).toEqual(bad('Insufficient permission'));
  });
  it('role rules: owners only invite owners (UNAUTHORIZED_PRINCIPAL); administrators and moderators need an administrator (BAD_REQUEST)', async () => {
    const send = (email: string, invite_as: number) => realm.clientFor(email).invites.send({ invitee_emails: 'x@example.com', stream_ids: [], invite_as });
    expect(await failure(send('iago@zulip.com', 100))).toEqual({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner', status: 400 });
    expect(await failure(send('hamlet@zulip.com', 200))).toEqual(bad('Must be an organization administrator'));
    expect(await failure(send('shiva@zulip.com', 300))).toEqual(bad('Must be an organization administrator'));
    await send('desdemona@zulip.com', 100);
    await send('hamlet@zulip.com', 600);
  });

  it('reads invite_as with the server model: a value outside the roles is refused', async () => {
    const response = await realm.raw('iago@zulip.com', 'POST', '/invites', new URLSearchParams({ invitee_emails: 'x@example.com', stream_ids: '[]', invite_as: '10' }));
    expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid invite_as: Value error, Not in the list of possible values' });
  });

  it('no address; an unknown channel; a channel one may not subscribe others to; an unknown group', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await failure(hamlet.invites.send({ invitee_emails: '', stream_ids: [] }))).toEqual(bad('You must specify at least one email address.'));
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [54321] }))).toEqual(bad('Invalid channel ID 54321. No invites were sent.'));
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [], group_ids: [5678] }))).toEqual(bad('Invalid user group'));
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [], group_ids: [realm.groupId('role:members')] }))).toEqual(bad('Insufficient permission'));
    await realm.clientFor('desdemona@zulip.com').realm.update({ can_add_subscribers_group: { new: realm.groupId('role:administrators') } });
    const denmark = realm.channelId('Denmark');
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [denmark] }))).toEqual(bad('You do not have permission to subscribe other users to channels.'));
    expect((await hamlet.invites.list()).invites).toEqual([]);
  });

  it('strips each address as Python\'s str.strip does: separators and U+0085 go, U+FEFF stays', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.invites.send({ invitee_emails: 'carol@example.com\u001f,\u0085dave@example.com, Erin <erin@example.com\r>', stream_ids: [] });
    expect((await hamlet.invites.list()).invites.map((invite) => invite.email)).toEqual(['carol@example.com', 'dave@example.com', 'erin@example.com']);
    expect(await failure(hamlet.invites.send({ invitee_emails: '\ufefffred@example.com', stream_ids: [] }))).toMatchObject({
      code: 'INVITATION_FAILED',
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [['\ufefffred@example.com', 'Invalid address.', false]],
    });
  });

  it('invalid or outside addresses invite nobody; taken ones are skipped and the rest invited', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const invalid = await failure(hamlet.invites.send({ invitee_emails: 'noatsign.com, new@example.com, hamlet@zulip.com', stream_ids: [] }));
    expect(invalid).toEqual({
      code: 'INVITATION_FAILED', status: 400, msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [['noatsign.com', 'Invalid address.', false], ['hamlet@zulip.com', 'Already has an account.', false]],
      sent_invitations: false, license_limit_reached: false, daily_limit_reached: false,
    });
    expect(await failure(hamlet.invites.send({ invitee_emails: 'foo@mailinator.com', stream_ids: [] }))).toMatchObject({ errors: [['foo@mailinator.com', 'Please use your real email address.', false]] });
    expect(await failure(hamlet.invites.send({ invitee_emails: 'hAmLeT@zUlIp.com', stream_ids: [] }))).toMatchObject({ msg: "We weren't able to invite anyone.", errors: [['hAmLeT@zUlIp.com', 'Already has an account.', false]] });
    const error = await hamlet.invites.send({ invitee_emails: 'notification-bot@zulip.com, fred@example.com', stream_ids: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvitationFailedError);
    expect(error).toMatchObject({
      msg: "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      errors: [['notification-bot@zulip.com', 'Reserved for system bots.', false]],
      sent_invitations: true,
    });
    expect((await hamlet.invites.list()).invites.map((invite) => invite.email)).toEqual(['fred@example.com']);
  });

  it('a deactivated account is reported as such', async () => {
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') });
    expect(await failure(realm.clientFor('hamlet@zulip.com').invites.send({ invitee_emails: 'othello@zulip.com', stream_ids: [] }))).toMatchObject({
      msg: "We weren't able to invite anyone.",
      errors: [['othello@zulip.com', 'Account has been deactivated.', true]],
    });
  });

  it('a realm restricted to its domains: other domains, subdomains unless allowed, and + addresses are refused', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.realm.addDomain({ domain: 'zulip.com', allow_subdomains: false });
    await desdemona.realm.addDomain({ domain: 'acme.org', allow_subdomains: true });
    await desdemona.realm.update({ emails_restricted_to_domains: true });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await failure(hamlet.invites.send({ invitee_emails: 'foo@example.com, a+b@zulip.com, c@eu.zulip.com, d@eu.acme.org', stream_ids: [] }))).toMatchObject({
      errors: [
        ['foo@example.com', 'Outside your domain.', false],
        ['a+b@zulip.com', 'Email addresses containing + are not allowed.', false],
        ['c@eu.zulip.com', 'Outside your domain.', false],
      ],
    });
    await hamlet.invites.send({ invitee_emails: 'new@ZULIP.com, d@eu.acme.org', stream_ids: [] });
    expect((await hamlet.invites.list()).invites.map((invite) => invite.email)).toEqual(['new@ZULIP.com', 'd@eu.acme.org']);
  });

  it('the daily limit: 100 invitations a day, resends included, then refused until the day has passed', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const emails = Array.from({ length: 99 }, (_, index) => `user${index}@example.com`).join(',');
    await iago.invites.send({ invitee_emails: emails, stream_ids: [] });
    const id = (await iago.invites.list()).invites[0]?.id ?? 0;
    await iago.invites.resend({ invite_id: id });
    const limit = {
      code: 'INVITATION_FAILED', status: 400,
      msg: 'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.',
      errors: [], sent_invitations: false, license_limit_reached: false, daily_limit_reached: true,
    };
    expect(await failure(iago.invites.send({ invitee_emails: 'one-more@example.com', stream_ids: [] }))).toEqual(limit);
    expect(await failure(iago.invites.resend({ invite_id: id }))).toEqual(limit);
    realm.clock.advance(2 * 24 * 60 * 60 * 1000);
    await iago.invites.send({ invitee_emails: 'one-more@example.com', stream_ids: [] });
  });
});

describe('POST /invites/multiuse', () => {
  it('answers a link of the server shape, listed as a reusable invitation', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { invite_link } = await iago.invites.createLink({ invite_as: 600, invite_expires_in_minutes: 60 });
    expect(invite_link).toMatch(/^http:\/\/chat\.test\/join\/[a-z2-7]{24}\/$/);
    const now = Math.floor(realm.clock.now() / 1000);
    expect((await iago.invites.list()).invites).toEqual([
      { invited_by_user_id: realm.userId('iago@zulip.com'), invited: now, expiry_date: now + 3600, id: expect.any(Number), link_url: invite_link, invited_as: 600, is_multiuse: true },
    ]);
    realm.clock.advance(61 * 60 * 1000);
    expect((await iago.invites.list()).invites).toEqual([]);
  });

  it('refuses null for its channels and groups, as for the channels of POST /invites: Json[list[int]] | None reads the text null as no list', async () => {
    // The server's None is the default of an absent parameter; the text "null" is JSON for no list.
    const cases: [string, Record<string, string>, string][] = [
      ['/invites/multiuse', { stream_ids: 'null' }, 'stream_ids is not a list'],
      ['/invites/multiuse', { group_ids: 'null' }, 'group_ids is not a list'],
      ['/invites', { invitee_emails: 'b@example.com', stream_ids: '[]', group_ids: 'null' }, 'group_ids is not a list'],
      ['/invites', { invitee_emails: 'b@example.com', stream_ids: 'null' }, 'stream_ids is not a list'],
    ];
    for (const [path, fields, msg] of cases) {
      const response = await realm.raw('iago@zulip.com', 'POST', path, new URLSearchParams(fields));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    const iago = realm.clientFor('iago@zulip.com');
    await iago.invites.createLink({});
    await iago.invites.send({ invitee_emails: 'a@example.com', stream_ids: [] });
    expect((await iago.invites.list()).invites.map((invite) => invite.is_multiuse)).toEqual([false, true]);
  });

  it('is for create_multiuse_invite_group (administrators by default)', async () => {
    expect(await failure(realm.clientFor('shiva@zulip.com').invites.createLink())).toEqual(bad('Insufficient permission'));
    await realm.clientFor('desdemona@zulip.com').realm.update({ create_multiuse_invite_group: { new: realm.groupId('role:members') } });
    await realm.clientFor('hamlet@zulip.com').invites.createLink();
    expect(await failure(realm.clientFor('hamlet@zulip.com').invites.createLink({ invite_as: 300 }))).toEqual(bad('Must be an organization administrator'));
  });
});

describe('welcome_message_custom_text (feature level 416)', () => {
  const tooLong = bad('welcome_message_custom_text is too long (limit: 8000 characters)');

  it('an administrator\'s is kept with the invitation, up to 8000 characters, and not listed', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    // 8000 characters of two UTF-16 units each: the limit counts characters.
    await iago.invites.send({ invitee_emails: 'a@example.com', stream_ids: [], welcome_message_custom_text: '😀'.repeat(8000) });
    await iago.invites.createLink({ welcome_message_custom_text: '' });
    expect(realm.mock.store.tables.emailInvite.all().map((invite) => invite.welcome_message_custom_text)).toEqual(['😀'.repeat(8000)]);
    expect(realm.mock.store.tables.multiuseInvite.all().map((invite) => invite.welcome_message_custom_text)).toEqual(['']);
    await iago.invites.send({ invitee_emails: 'b@example.com', stream_ids: [] });
    expect(realm.mock.store.tables.emailInvite.all().at(-1)?.welcome_message_custom_text).toBeNull();
    for (const invite of (await iago.invites.list()).invites) expect(invite).not.toHaveProperty('welcome_message_custom_text');
  });

  it('more than 8000 characters is too long, read before any permission check', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const text = 'x'.repeat(8001);
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [], welcome_message_custom_text: text }))).toEqual(tooLong);
    expect(await failure(hamlet.invites.createLink({ welcome_message_custom_text: text }))).toEqual(tooLong);
  });

  it('anyone but an administrator is refused, even the empty text, after the channels and groups', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const refused = bad('Must be an organization administrator');
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [99_999], welcome_message_custom_text: '' }))).toEqual(
      bad('Invalid channel ID 99999. No invites were sent.'),
    );
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [], group_ids: [99_999], welcome_message_custom_text: '' }))).toEqual(
      bad('Invalid user group'),
    );
    expect(await failure(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [], welcome_message_custom_text: '' }))).toEqual(refused);
    expect(await failure(realm.clientFor('shiva@zulip.com').invites.send({ invitee_emails: 'a@example.com', stream_ids: [], welcome_message_custom_text: 'Hi' }))).toEqual(refused);
    await realm.clientFor('desdemona@zulip.com').realm.update({ create_multiuse_invite_group: { new: realm.groupId('role:members') } });
    expect(await failure(hamlet.invites.createLink({ stream_ids: [99_999], welcome_message_custom_text: 'Hi' }))).toEqual(bad('Invalid channel ID 99999. No invites were sent.'));
    expect(await failure(hamlet.invites.createLink({ welcome_message_custom_text: 'Hi' }))).toEqual(refused);
    expect((await realm.clientFor('iago@zulip.com').invites.list()).invites).toEqual([]);
  });

  it('the SDK refuses it for a server older than feature level 416', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com', { featureLevel: 415 });
    await expect(hamlet.invites.send({ invitee_emails: 'a@example.com', stream_ids: [], welcome_message_custom_text: 'Hi' })).rejects.toMatchObject({ name: 'UnsupportedFeatureError' });
  });
});

describe('who sees and manages which invitations', () => {
  it('members their own, administrators everyone\'s; revoking another\'s needs an administrator, an owner\'s invitation an owner', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    await hamlet.invites.send({ invitee_emails: 'h@example.com', stream_ids: [] });
    await cordelia.invites.send({ invitee_emails: 'c@example.com', stream_ids: [] });
    await realm.clientFor('desdemona@zulip.com').invites.send({ invitee_emails: 'o@example.com', stream_ids: [], invite_as: 100 });
    expect((await hamlet.invites.list()).invites.map((invite) => invite.email)).toEqual(['h@example.com']);
    const all = (await iago.invites.list()).invites;
    expect(all.map((invite) => invite.email)).toEqual(['h@example.com', 'c@example.com', 'o@example.com']);
    const [mine, theirs, owners] = all.map((invite) => invite.id);
    expect(await failure(hamlet.invites.revoke({ invite_id: theirs ?? 0 }))).toEqual(bad('Must be an organization administrator'));
    expect(await failure(iago.invites.revoke({ invite_id: owners ?? 0 }))).toEqual({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner', status: 400 });
    await hamlet.invites.resend({ invite_id: mine ?? 0 });
    await hamlet.invites.revoke({ invite_id: mine ?? 0 });
    await iago.invites.revoke({ invite_id: theirs ?? 0 });
    expect(await failure(hamlet.invites.revoke({ invite_id: mine ?? 0 }))).toEqual(bad('No such invitation'));
    expect(await failure(hamlet.invites.resend({ invite_id: 999 }))).toEqual(bad('No such invitation'));
    expect((await iago.invites.list()).invites.map((invite) => invite.email)).toEqual(['o@example.com']);
  });

  it('revoking a link twice: "Invitation has already been revoked"', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.invites.createLink();
    const id = (await iago.invites.list()).invites[0]?.id ?? 0;
    expect(await failure(realm.clientFor('hamlet@zulip.com').invites.revokeLink({ invite_id: id }))).toEqual(bad('Must be an organization administrator'));
    await iago.invites.revokeLink({ invite_id: id });
    expect(await failure(iago.invites.revokeLink({ invite_id: id }))).toEqual(bad('Invitation has already been revoked'));
    expect(await failure(iago.invites.revokeLink({ invite_id: id + 100 }))).toEqual(bad('No such invitation'));
    expect((await iago.invites.list()).invites).toEqual([]);
  });

  it('a deactivated inviter\'s invitations expire; an account created for an address ends its invitation', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await realm.clientFor('hamlet@zulip.com').invites.send({ invitee_emails: 'gone@example.com', stream_ids: [] });
    await iago.invites.send({ invitee_emails: 'joins@example.com', stream_ids: [] });
    await iago.users.deactivate({ user_id: realm.userId('hamlet@zulip.com') });
    realm.mock.store.tables.user.update(realm.userId('iago@zulip.com'), { can_create_users: true });
    await iago.users.create({ email: 'JOINS@example.com', password: 'a long enough passphrase 42', full_name: 'Joiner' });
    expect((await iago.invites.list()).invites).toEqual([]);
  });
});

describe('invites_changed', () => {
  it('to the administrators and owners (bots included) and the inviter; not to other members; none for a resend', async () => {
    const bot = await createAdministratorBot(realm);
    const emails = ['desdemona@zulip.com', 'iago@zulip.com', bot, 'shiva@zulip.com', 'hamlet@zulip.com', 'cordelia@zulip.com'];
    const queues = new Map<string, string>();
    for (const email of emails) queues.set(email, (await realm.clientFor(email).events.register({ event_types: ['invites_changed'] })).queue_id ?? '');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.invites.send({ invitee_emails: 'x@example.com', stream_ids: [] });
    await hamlet.invites.resend({ invite_id: (await hamlet.invites.list()).invites[0]?.id ?? 0 });
    const received: Record<string, unknown[]> = {};
    for (const email of emails) received[email] = await drain(realm.clientFor(email), queues.get(email) ?? '');
    const event = { type: 'invites_changed' };
    expect(received).toEqual({
      'desdemona@zulip.com': [event],
      'iago@zulip.com': [event],
      [bot]: [event],
      'shiva@zulip.com': [],
      'hamlet@zulip.com': [event],
      'cordelia@zulip.com': [],
    });
  });

  it('an administrator revoking a member\'s invitation: the member hears of it', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.invites.send({ invitee_emails: 'x@example.com', stream_ids: [] });
    const id = (await hamlet.invites.list()).invites[0]?.id ?? 0;
    const events = await verifyAction(hamlet, () => realm.clientFor('iago@zulip.com').invites.revoke({ invite_id: id }));
    expect(events).toEqual([{ type: 'invites_changed', id: 0 }]);
  });

  it('every invitation change passes the acceptance test (an administrator\'s queue)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const sent = await verifyAction(desdemona, () => iago.invites.send({ invitee_emails: 'a@example.com', stream_ids: [] }));
    expect(sent.map((event) => event?.type)).toEqual(['invites_changed']);
    const linked = await verifyAction(desdemona, () => iago.invites.createLink());
    expect(linked.map((event) => event?.type)).toEqual(['invites_changed']);
    const [email, link] = (await iago.invites.list()).invites;
    expect((await verifyAction(desdemona, () => iago.invites.revokeLink({ invite_id: link?.id ?? 0 }))).map((event) => event?.type)).toEqual(['invites_changed']);
    expect(await verifyAction(desdemona, () => iago.invites.resend({ invite_id: email?.id ?? 0 }))).toEqual([]);
  });
});
