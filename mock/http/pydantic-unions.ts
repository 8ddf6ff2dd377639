import type * as z from 'zod/mini';
import { ChannelRetentionDays, Principals } from '../../src/schemas/channel';
import { GroupSettingValue } from '../../src/schemas/group-setting';
import { FieldDataEntry, ProfileDataValue } from '../../src/schemas/profile-field';
import { ScheduledMessageTo } from '../../src/schemas/scheduled-message';
import { UpdateRealmParams } from '../../src/schemas/realm-settings';

/** The schema an optional one wraps. */
function innerOf(schema: z.core.$ZodType): z.core.$ZodType {
  return (schema._zod.def as { innerType?: z.core.$ZodType }).innerType ?? schema;
}

/**
 * Unions the server declares as Python unions of types (`str | list[int]`) outside a pydantic
 * model: pydantic reports a value that fits none by the first member's first error, its location
 * naming that member's type (`data[0]["value"]["str"] is not a string`). A group-setting value is
 * one (`int | UserGroupMembersData`): `can_mention_group["int"] is not an integer` for anything
 * that is neither. The server's other alternatives are read by hand, and zod's union error stays
 * the server's `Invalid <name>` for them.
 */
const PYDANTIC_UNIONS: ReadonlySet<z.core.$ZodType> = new Set([
  ProfileDataValue,
  FieldDataEntry,
  ScheduledMessageTo,
  GroupSettingValue,
  Principals,
  // `PATCH /realm`'s time limits and retention (`Json[int | str]`): `1.0` is `...["int"] is not an integer`.
  innerOf(UpdateRealmParams.shape.message_content_delete_limit_seconds),
  innerOf(UpdateRealmParams.shape.message_retention_days),
]);

/** Whether the server types this union with pydantic (see {@link PYDANTIC_UNIONS}). */
export function isPydanticUnion(schema: z.core.$ZodType | undefined): boolean {
  return schema !== undefined && PYDANTIC_UNIONS.has(schema);
}

/**
 * Parameters the server types as a union of JSON-encoded types (`Json[str] | Json[int]`), by
 * their first member's label: pydantic decodes the text once per member and reports the first
 * member's error (`message_retention_days["json[str]"] is not valid JSON`, `... is not a string`).
 */
const JSON_MEMBER_UNIONS = new Map<z.core.$ZodType, string>([[ChannelRetentionDays, 'json[str]']]);

/** The first member's label when the server reads this parameter as a union of JSON types (see {@link JSON_MEMBER_UNIONS}). */
export function jsonUnionFirstMember(schema: z.core.$ZodType): string | undefined {
  let current = schema;
  for (;;) {
    const label = JSON_MEMBER_UNIONS.get(current);
    if (label !== undefined) return label;
    const inner = (current._zod.def as { innerType?: z.core.$ZodType }).innerType;
    if (!inner) return undefined;
    current = inner;
  }
}
