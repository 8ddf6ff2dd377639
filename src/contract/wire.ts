import * as z from 'zod/mini';

/**
 * How a parameter travels on the wire. `raw`: the form value is the text itself
 * (strings, enumerations). `json`: the form value is JSON text (numbers, booleans,
 * lists, objects), which is how the real server parses those types. `file`: a part of a
 * multipart body, under whatever field name the client chose.
 */
export type WireFormat = 'raw' | 'json' | 'file';

/** Overrides for parameters whose wire format cannot be read off their schema. */
const wireFormats = z.registry<{ wire: WireFormat }>();

/**
 * Marks a parameter the server reads as raw text even though its schema allows
 * other types (the server then interprets the text itself, as `to` of send-message).
 */
export /* @__NO_SIDE_EFFECTS__ */ function rawParam<T extends z.ZodMiniType>(schema: T): T {
  wireFormats.add(schema as z.ZodMiniType, { wire: 'raw' });
  return schema;
}

/** Marks a parameter that is sent as the file part of a multipart body. */
export /* @__NO_SIDE_EFFECTS__ */ function fileParam<T extends z.ZodMiniType>(schema: T): T {
  wireFormats.add(schema as z.ZodMiniType, { wire: 'file' });
  return schema;
}

const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault', 'readonly', 'nonoptional']);

/** The wire format of a parameter schema: a registered override, or read off its type. */
export function wireFormatOf(schema: z.ZodMiniType): WireFormat {
  let current: z.ZodMiniType = schema;
  for (;;) {
    const registered = wireFormats.get(current);
    if (registered) return registered.wire;
    const def = current._zod.def as { type: string; innerType?: z.ZodMiniType };
    if (WRAPPERS.has(def.type) && def.innerType) {
      current = def.innerType;
      continue;
    }
    if (def.type === 'string' || def.type === 'enum' || def.type === 'template_literal') return 'raw';
    if (def.type === 'literal') {
      const values = (current._zod.def as unknown as { values: unknown[] }).values;
      return values.every((value) => typeof value === 'string') ? 'raw' : 'json';
    }
    return 'json';
  }
}
