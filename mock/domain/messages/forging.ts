import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import { isServerEmail } from '../server-email';
import type { MockState } from '../state';
import { isCrossRealmBotEmail } from '../system-bots';
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

/** A mirroring client's request that passed the send view's checks: whom it names, by email. */
export interface MirrorRequest {
  readonly client: string;
  /** `sender`, as sent. */
  readonly sender: string;
  /** The direct message's recipients, as `to` named them. */
  readonly recipients: readonly string[];
}

/**
 * The send view's forging and mirroring checks, after it reads `to` and before the addressee.
 * Asking to forge needs `can_forge_sender`, which the server grants only by a management command,
 * so no user of the mock has it. A mirroring client must name the `sender`, may mirror only direct
 * messages (channel messages need `can_forge_sender`) and only to emails; any other client may not
 * name one. Returns what a mirroring client asks for, for {@link mirroredSender}.
 */
export function checkForging(params: ForgingParams, client: string, target: ChannelTarget | DirectTarget): MirrorRequest | undefined {
  if (params.forged === 'yes' || params.forged === 'true') throw badRequest(NOT_AUTHORIZED);
  if (!MIRRORING_CLIENTS.has(client)) {
    if (params.sender !== undefined) throw badRequest(INVALID_MIRROR);
    return undefined;
  }
  if (params.sender === undefined) throw badRequest('Missing sender');
  if (target.kind === 'name' || target.kind === 'id') throw badRequest(NOT_AUTHORIZED);
  if (target.kind === 'ids') throw badRequest('Mirroring not allowed with recipient user IDs');
  return { client, sender: params.sender, recipients: target.emails };
}

/** Whether a mirroring client may name this address (`same_realm_irc_user`, `same_realm_jabber_user`). */
function mirrorable(state: MockState, client: string, email: string): boolean {
  if (!isServerEmail(email)) return false;
  let domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (client === 'irc_mirror' && domain.startsWith('irc.')) domain = domain.slice('irc.'.length);
  return state.store.tables.realmDomain.all().some((record) => record.domain === domain);
}

/**
 * The account a mirrored message is sent as (the server's `create_mirrored_message_users`): the
 * sender and every recipient must have an address in one of the organization's domains (for an
 * IRC mirror, `irc.` before it is dropped); a Zephyr mirror needs a Zephyr mirroring realm, which
 * the mock never is. Where an address has no account, the server makes an inactive stub account
 * for it; the mock does not model those and refuses the message as invalid.
 */
export function mirroredSender(state: MockState, request: MirrorRequest): UserRecord {
  if (request.client === 'zephyr_mirror') throw badRequest(INVALID_MIRROR);
  const senderEmail = pythonStrip(request.sender).toLowerCase();
  const named = new Set([senderEmail, ...request.recipients.map((email) => email.toLowerCase())]);
  for (const email of named) if (!mirrorable(state, request.client, email)) throw badRequest(INVALID_MIRROR);
  // System bots belong to the server's own realm: the organization has no account for them either.
  const hasAccount = (email: string) => !isCrossRealmBotEmail(email) && state.store.userByDeliveryEmail(email) !== undefined;
  for (const email of named) if (!hasAccount(email)) throw badRequest(INVALID_MIRROR);
  const sender = state.store.userByApiEmail(senderEmail);
  // The server fails outright when the sender's address is not its public one; the mock refuses.
  if (!sender) throw badRequest(INVALID_MIRROR);
  return sender;
}
