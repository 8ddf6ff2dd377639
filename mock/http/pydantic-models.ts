import type * as z from 'zod/mini';
import { GroupSettingUpdate } from '../../src/schemas/group-setting';

const CLASS_NAMES = new WeakMap<z.core.$ZodType, string>();

/**
 * Marks the schema the mock reads a parameter with where the server's type is a pydantic model
 * class (`DraftData`), so that errors under it read as pydantic words them: a value that is no
 * object is `Invalid draft: Input should be a valid dictionary or instance of DraftData`, and a
 * union's error names the member (`draft["timestamp"]["int"] is not an integer`).
 *
 * @example
 * import * as z from 'zod/mini';
 * export const DraftData = pydanticModel('DraftData', z.strictObject({ content: z.string(), timestamp: z.optional(z.number()) }));
 */
export function pydanticModel<T extends z.core.$ZodType>(className: string, schema: T): T {
  CLASS_NAMES.set(schema, className);
  return schema;
}

/** The pydantic class a schema stands for, if it was marked with {@link pydanticModel}. */
export function pydanticClassOf(schema: z.core.$ZodType | undefined): string | undefined {
  return schema && CLASS_NAMES.get(schema);
}

/**
 * Schemas the mock reads a parameter with where the server's type is a Python dataclass rather
 * than a pydantic model: a value that is no object is pydantic's `dataclass_type` error, which the
 * server words `<name> does not have the expected format`. A group setting's change request
 * (`GroupSettingChangeRequest`, `{new, old}`) is one.
 */
const DATACLASSES: ReadonlySet<z.core.$ZodType> = new Set([GroupSettingUpdate]);

/** Whether the server reads what this schema stands for as a dataclass (see {@link DATACLASSES}). */
export function isPydanticDataclass(schema: z.core.$ZodType | undefined): boolean {
  return schema !== undefined && DATACLASSES.has(schema);
}
