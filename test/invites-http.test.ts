import { describe, expect, it } from 'vitest';
import { InvitationFailedError } from '../src/index';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('invitations and data exports over real HTTP', () => {
  it('sends, lists, links, resends and revokes invitations; a taken address is an InvitationFailedError', async () => {
    const iago = http.clientFor('iago@zulip.com');
    await iago.invites.send({ invitee_emails: 'over-the-wire@example.com', stream_ids: [] });
    const { invite_link } = await iago.invites.createLink({ invite_expires_in_minutes: null });
    expect(invite_link).toMatch(/\/join\/[a-z2-7]{24}\/$/);
    const [email, link] = (await iago.invites.list()).invites;
    expect([email?.email, link?.link_url, link?.expiry_date]).toEqual(['over-the-wire@example.com', invite_link, null]);
    await iago.invites.resend({ invite_id: email?.id ?? 0 });
    await iago.invites.revoke({ invite_id: email?.id ?? 0 });
    await iago.invites.revokeLink({ invite_id: link?.id ?? 0 });
    expect((await iago.invites.list()).invites).toEqual([]);
    const error = await iago.invites.send({ invitee_emails: 'hamlet@zulip.com', stream_ids: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvitationFailedError);
    expect(error).toMatchObject({ errors: [['hamlet@zulip.com', 'Already has an account.', false]], sent_invitations: false });
  });

  it('creates and lists a data export', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const { id } = await iago.realmExports.create();
    expect((await iago.realmExports.list()).exports.map((entry) => [entry.id, entry.pending])).toEqual([[id, false]]);
    expect((await iago.realmExports.consents()).export_consents.length).toBeGreaterThan(0);
  });

  it('deletes a data export; a second delete gets the server error', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const { id } = await iago.realmExports.create();
    expect(await iago.realmExports.delete({ export_id: id as number })).toEqual({});
    expect((await iago.realmExports.list()).exports.find((entry) => entry.id === id)).toMatchObject({ export_url: null, deleted_timestamp: expect.any(Number) });
    await expectApiError(iago.realmExports.delete({ export_id: id as number }), { code: 'BAD_REQUEST', status: 400, msg: 'Export already deleted' });
  });
});
