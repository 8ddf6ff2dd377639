import * as z from 'zod/mini';
import { Id } from './common';

/**
 * A group-setting value: the ID of a user group, or an anonymous group given by its direct members
 * and direct subgroups.
 */
export const GroupSettingValue = z.union([
  Id,
  z.looseObject({ direct_members: z.array(Id), direct_subgroups: z.array(Id) }),
]);

/** A group-setting value. */
export type GroupSettingValue = z.infer<typeof GroupSettingValue>;

/**
 * A change of a group setting: the new value, and optionally the value the change expects to
 * replace (`null`, as on the server, is the same as leaving it out).
 */
export const GroupSettingUpdate = z.object({ new: GroupSettingValue, old: z.optional(z.nullable(GroupSettingValue)) });
