import type * as z from 'zod/mini';
import { FieldDataEntry, ProfileDataValue } from '../../src/schemas/profile-field';

type Issue = z.core.$ZodIssue;

/**
 * Unions the server declares as Python unions of types (`str | list[int]`): pydantic reports a
 * value that fits none by the first member's first error, its location naming that member's type
 * (`data[0]["value"]["str"] is not a string`). The server's other alternatives are read by hand,
 * and zod's union error stays the server's `Invalid <name>` for them.
 */
const PYDANTIC_UNIONS: ReadonlySet<z.core.$ZodType> = new Set([ProfileDataValue, FieldDataEntry]);

interface SchemaDef {
  readonly type: string;
  readonly format?: string;
  readonly element?: z.core.$ZodType;
  readonly keyType?: z.core.$ZodType;
  readonly valueType?: z.core.$ZodType;
  readonly options?: readonly z.core.$ZodType[];
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as SchemaDef;

/** pydantic's name of a type in an error location: `str`, `int`, `list[int]`, `dict[str,str]`. */
function pydanticTypeName(schema: z.core.$ZodType | undefined): string | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === 'string') return 'str';
  if (def.type === 'boolean') return 'bool';
  if (def.type === 'number') return def.format === undefined ? 'float' : 'int';
  if (def.type === 'array') {
    const element = pydanticTypeName(def.element);
    return element && `list[${element}]`;
  }
  if (def.type === 'record') {
    const [key, value] = [pydanticTypeName(def.keyType), pydanticTypeName(def.valueType)];
    return key && value && `dict[${key},${value}]`;
  }
  return undefined;
}

/** The member pydantic reports a union's failure by, with the member's own first issue. */
export interface UnionMemberIssue {
  readonly typeName: string;
  readonly schema: z.core.$ZodType;
  readonly issue: Issue;
}

/** For a union the server types with pydantic, the first member and its first issue; else undefined. */
export function pydanticUnionMember(union: z.core.$ZodType | undefined, issue: Issue): UnionMemberIssue | undefined {
  if (!union || !PYDANTIC_UNIONS.has(union) || issue.code !== 'invalid_union') return undefined;
  const schema = defOf(union).options?.[0];
  const first = issue.errors[0]?.[0];
  const typeName = pydanticTypeName(schema);
  return schema && first && typeName ? { typeName, schema, issue: first } : undefined;
}
