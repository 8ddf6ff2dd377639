import type * as z from 'zod/mini';
import { FieldDataEntry, ProfileDataValue } from '../../src/schemas/profile-field';
import { ScheduledMessageTo } from '../../src/schemas/scheduled-message';

/**
 * Unions the server declares as Python unions of types (`str | list[int]`) outside a pydantic
 * model: pydantic reports a value that fits none by the first member's first error, its location
 * naming that member's type (`data[0]["value"]["str"] is not a string`). The server's other
 * alternatives are read by hand, and zod's union error stays the server's `Invalid <name>` for them.
 */
const PYDANTIC_UNIONS: ReadonlySet<z.core.$ZodType> = new Set([ProfileDataValue, FieldDataEntry, ScheduledMessageTo]);

/** Whether the server types this union with pydantic (see {@link PYDANTIC_UNIONS}). */
export function isPydanticUnion(schema: z.core.$ZodType | undefined): boolean {
  return schema !== undefined && PYDANTIC_UNIONS.has(schema);
}
