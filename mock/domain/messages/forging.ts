import { badRequest } from '../errors';
import type { ChannelTarget, DirectTarget } from './recipients';

/** What the server's send view reads about forging and mirroring before it addresses a message. */
export interface ForgingParams {
  /** `forged`: only `yes` and `true` ask to forge; any other text is no request. */
  readonly forged?: string | undefined;
  /** `sender`: the original sender of a mirrored message. */
  readonly sender?: string | undefined;
}

/** The clients the server lets send on behalf of someone else (by exact client name). */
const MIRRORING_CLIENTS = new Set(['zephyr_mirror', 'irc_mirror', 'jabber_mirror', 'JabberMirror']);

const NOT_AUTHORIZED = 'User not authorized for this query';
const INVALID_MIRROR = 'Invalid mirrored message';

/**
 * The send view's forging and mirroring checks, after it reads `to` and before the addressee.
 * Asking to forge needs `can_forge_sender`, which the server grants only by a management command,
 * so no user of the mock has it. A mirroring client must name the `sender`, may mirror only direct
 * messages (channel messages need `can_forge_sender`) and only to emails; any other client may not
 * name one.
 *
 * A mirrored message that passes those checks is refused as invalid: the realm is no Zephyr
 * mirroring realm, and an IRC or Jabber mirror would have the server create a stub account for
 * each mirrored address, which the mock does not model.
 */
export function checkForging(params: ForgingParams, client: string, target: ChannelTarget | DirectTarget): void {
  if (params.forged === 'yes' || params.forged === 'true') throw badRequest(NOT_AUTHORIZED);
  if (!MIRRORING_CLIENTS.has(client)) {
    if (params.sender !== undefined) throw badRequest(INVALID_MIRROR);
    return;
  }
  if (params.sender === undefined) throw badRequest('Missing sender');
  if (target.kind === 'name' || target.kind === 'id') throw badRequest(NOT_AUTHORIZED);
  if (target.kind === 'ids') throw badRequest('Mirroring not allowed with recipient user IDs');
  throw badRequest(INVALID_MIRROR);
}
