import { badRequest } from '../errors';

/** What the server's send view reads about forging and mirroring before it addresses a message. */
export interface ForgingParams {
  /** `forged`: only `yes` and `true` ask to forge; any other text is no request. */
  readonly forged?: string | undefined;
  /** `sender`: the original sender of a mirrored message. */
  readonly sender?: string | undefined;
}

/**
 * The send view's forging checks, after it reads `to` and before the addressee: asking to forge
 * needs `can_forge_sender`, which the server grants only by a management command (so no user of
 * the mock has it), and only mirroring clients may name another sender. Mirroring clients
 * (`zephyr_mirror`, `irc_mirror`, `jabber_mirror`) are not modelled: they send as any client.
 */
export function checkForging(params: ForgingParams): void {
  if (params.forged === 'yes' || params.forged === 'true') throw badRequest('User not authorized for this query');
  if (params.sender !== undefined) throw badRequest('Invalid mirrored message');
}
