import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { pythonLength } from '../python-len';

/** Prefixes no custom group name may start with (they would read as mentions or system groups). */
export const RESERVED_GROUP_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'] as const;

/** The longest group name the server takes. */
const MAX_GROUP_NAME_LENGTH = 100;

/**
 * Checks a custom group's name as the server's `check_user_group_name` does; returns it unchanged.
 * Emptiness is judged by Python's `strip()`: `\ufeff` alone is a name, `\u001c` alone is not.
 */
export function checkGroupName(name: string): string {
  if (pythonStrip(name) === '') throw badRequest("User group name can't be empty!");
  if (pythonLength(name) > MAX_GROUP_NAME_LENGTH) throw badRequest(`User group name cannot exceed ${MAX_GROUP_NAME_LENGTH} characters.`);
  const prefix = RESERVED_GROUP_PREFIXES.find((reserved) => name.startsWith(reserved));
  if (prefix !== undefined) throw badRequest(`User group name cannot start with '${prefix}'.`);
  return name;
}

/** Refuses a name another group of the realm (deactivated ones included) already has. */
export function checkNameFree(state: MockState, name: string): void {
  if (state.store.userGroupByName(name)) throw badRequest(`User group '${name}' already exists.`);
}
