import type { RegisterResponse } from '../schemas/event-queue';
import { replaced } from './replaced';

/**
 * What the caller's own new role takes away, as a fresh registration shows it: a guest has no
 * default channels or groups, and someone who is not an administrator sees only the bots they own.
 * What a role gives, the server reads from its database: becoming an administrator needs every
 * bot of the realm, and leaving the guest role the default channels and groups (register again).
 */
export function withOwnRole(state: RegisterResponse, role: number | undefined, userId: number): RegisterResponse {
  let next = state;
  // Roles: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest.
  if (role === 600) next = replaced(replaced(next, 'realm_default_streams', []), 'realm_default_stream_groups', []);
  if (role !== undefined && role > 200 && next.realm_bots) next = { ...next, realm_bots: next.realm_bots.filter((bot) => bot.owner_id === userId) };
  return next;
}
