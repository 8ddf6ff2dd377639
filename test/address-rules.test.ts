import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const NEWBIE = { password: 'a-long-password-1', full_name: 'New User' };

async function restrictToDomains(): Promise<void> {
  const desdemona = realm.clientFor('desdemona@zulip.com');
  await desdemona.realm.addDomain({ domain: 'zulip.com', allow_subdomains: false });
  await desdemona.realm.addDomain({ domain: 'acme.org', allow_subdomains: true });
  await desdemona.realm.update({ emails_restricted_to_domains: true });
}

describe("POST /users applies the organization's address rules, after the address's form and before whether it is taken", () => {
  it('a restricted organization: other domains (quoted as sent), subdomains unless allowed, + addresses', async () => {
    await restrictToDomains();
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'new@example.org' }), bad("Email 'new@example.org' not allowed in this organization"));
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'c@eu.zulip.com' }), bad("Email 'c@eu.zulip.com' not allowed in this organization"));
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'a+b@zulip.com' }), bad('Email addresses containing + are not allowed.'));
    // The rule before the in-use check: a taken address outside the domains is refused for the domain.
    await realm.clientFor('desdemona@zulip.com').realm.removeDomain({ domain: 'zulip.com' });
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'hamlet@zulip.com' }), bad("Email 'hamlet@zulip.com' not allowed in this organization"));
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'not-an-address' }), bad('Bad name or username'));
    expect((await iago.users.create({ ...NEWBIE, email: 'd@eu.acme.org' })).user_id).toEqual(expect.any(Number));
  });

  it('disposable addresses while the organization disallows them', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await realm.clientFor('desdemona@zulip.com').realm.update({ disallow_disposable_email_addresses: true });
    await expectApiError(iago.users.create({ ...NEWBIE, email: 'x@mailinator.com' }), bad('Disposable email addresses are not allowed in this organization'));
    await realm.clientFor('desdemona@zulip.com').realm.update({ disallow_disposable_email_addresses: false });
    expect((await iago.users.create({ ...NEWBIE, email: 'x@mailinator.com' })).user_id).toEqual(expect.any(Number));
  });
});

describe('PATCH /settings email: validate_email_change_request, then the email_change_by_user limit', () => {
  it('non-administrators may not while address changes are disabled; administrators may', async () => {
    await realm.clientFor('desdemona@zulip.com').realm.update({ email_changes_disabled: true });
    // Checked before the address itself.
    await expectApiError(realm.clientFor('hamlet@zulip.com').settings.update({ email: 'not-an-address' }), bad('Email address changes are disabled in this organization.'));
    expect(await realm.clientFor('iago@zulip.com').settings.update({ email: 'iago2@zulip.com' })).toEqual({});
  });

  it("the organization's rules, worded as for invitations", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await realm.clientFor('desdemona@zulip.com').realm.update({ disallow_disposable_email_addresses: true });
    await expectApiError(hamlet.settings.update({ email: 'h@mailinator.com' }), bad('Please use your real email address.'));
    await restrictToDomains();
    await expectApiError(hamlet.settings.update({ email: 'h@example.org' }), bad('Outside your domain.'));
    await expectApiError(hamlet.settings.update({ email: 'h+x@zulip.com' }), bad('Email addresses containing + are not allowed.'));
    await expectApiError(hamlet.settings.update({ email: 'h@@zulip.com' }), bad('Invalid address.'));
  });

  it('two requests an hour, five a day; refused ones do not count', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.settings.update({ email: 'othello@zulip.com' }), bad('Already has an account.'));
    await hamlet.settings.update({ email: 'h1@zulip.com' });
    await hamlet.settings.update({ email: 'h2@zulip.com' });
    await expectApiError(hamlet.settings.update({ email: 'h3@zulip.com' }), { code: 'RATE_LIMIT_HIT', status: 429, msg: 'API usage exceeded rate limit' });
    // The unchanged address is no request.
    expect(await hamlet.settings.update({ email: 'hamlet@zulip.com' })).toEqual({});
    realm.clock.advance(3601_000);
    await hamlet.settings.update({ email: 'h3@zulip.com' });
    await hamlet.settings.update({ email: 'h4@zulip.com' });
    realm.clock.advance(3601_000);
    await hamlet.settings.update({ email: 'h5@zulip.com' });
    await expectApiError(hamlet.settings.update({ email: 'h6@zulip.com' }), { code: 'RATE_LIMIT_HIT', status: 429 });
  });
});
