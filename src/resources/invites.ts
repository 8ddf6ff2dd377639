import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  createInviteLink,
  getInvites,
  resendEmailInvite,
  revokeEmailInvite,
  revokeInviteLink,
  sendInvites,
} from '../endpoints/invites';
import type { EndpointCaller } from './caller';

/**
 * Invitations to the organization, by email or as reusable links: `client.invites`. Guests and
 * bots may not use them. Changes reach the administrators and the inviter as `invites_changed`
 * events (fetch the list again on one).
 *
 * @example
 * const { invites } = await client.invites.list();
 */
export class InvitesResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the unexpired invitations the caller can manage (`GET /invites`): their own, or for
   * administrators everyone's; email invitations first, then reusable links.
   *
   * @example
   * const { invites } = await client.invites.list();
   * const links = invites.filter((invite) => invite.is_multiuse).map((invite) => invite.link_url);
   */
  list(params: EndpointParams<typeof getInvites> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getInvites>> {
    return this.#call(getInvites, params, options);
  }

  /**
   * Sends email invitations (`POST /invites`). Addresses that already have an account are skipped
   * and reported in an `InvitationFailedError` whose `sent_invitations` says whether the others
   * were invited; an invalid address or one outside the allowed domains invites nobody.
   *
   * @example
   * await client.invites.send({ invitee_emails: 'ada@example.com, Bob <bob@example.com>', stream_ids: [channelId] });
   */
  send(params: EndpointParams<typeof sendInvites>, options?: CallOptions): ApiCall<EndpointResult<typeof sendInvites>> {
    return this.#call(sendInvites, params, options);
  }

  /**
   * Creates a reusable invitation link (`POST /invites/multiuse`), for those in the realm's
   * `create_multiuse_invite_group` (administrators by default).
   *
   * @example
   * const { invite_link } = await client.invites.createLink({ invite_expires_in_minutes: 60 * 24, invite_as: 600 });
   */
  createLink(params: EndpointParams<typeof createInviteLink> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof createInviteLink>> {
    return this.#call(createInviteLink, params, options);
  }

  /**
   * Revokes an email invitation (`DELETE /invites/{invite_id}`): one's own, or as an administrator
   * anyone's (an owner's invitation to become an owner only as an owner).
   *
   * @example
   * await client.invites.revoke({ invite_id: inviteId });
   */
  revoke(params: EndpointParams<typeof revokeEmailInvite>, options?: CallOptions): ApiCall<EndpointResult<typeof revokeEmailInvite>> {
    return this.#call(revokeEmailInvite, params, options);
  }

  /**
   * Revokes a reusable invitation link (`DELETE /invites/multiuse/{invite_id}`), with the same
   * rules as {@link InvitesResource.revoke}.
   *
   * @example
   * await client.invites.revokeLink({ invite_id: linkId });
   */
  revokeLink(params: EndpointParams<typeof revokeInviteLink>, options?: CallOptions): ApiCall<EndpointResult<typeof revokeInviteLink>> {
    return this.#call(revokeInviteLink, params, options);
  }

  /**
   * Sends an email invitation again (`POST /invites/{invite_id}/resend`); it counts against the
   * organization's daily limit like a new one.
   *
   * @example
   * await client.invites.resend({ invite_id: inviteId });
   */
  resend(params: EndpointParams<typeof resendEmailInvite>, options?: CallOptions): ApiCall<EndpointResult<typeof resendEmailInvite>> {
    return this.#call(resendEmailInvite, params, options);
  }
}
