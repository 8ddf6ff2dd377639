import { JsonFloat } from './orjson';
import { pythonFloatRepr } from './python-float';

/** Python's `json.dumps` default separators: between items, and between a key and its value. */
const DEFAULT_SEPARATORS = [', ', ': '] as const;

/** A string as `json.dumps` writes it with `ensure_ascii`: every character outside printable ASCII escaped, lower-case hex. */
function asciiJsonString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Python's `json.dumps` with its defaults, for JSON the server stores as text and hands out
 * verbatim: `", "` and `": "` separators, and every character outside printable ASCII escaped
 * (`ensure_ascii`), lower-case hex. `separators` is Python's argument of that name: `[',', ':']`
 * for the compact form (Django's `JSONSerializer`).
 *
 * @example
 * pythonJsonDumps({ a: ['é'] });             // '{"a": ["\\u00e9"]}'
 * pythonJsonDumps({ a: [1, 2] }, [',', ':']); // '{"a":[1,2]}'
 */
export function pythonJsonDumps(value: unknown, separators: readonly [item: string, key: string] = DEFAULT_SEPARATORS): string {
  const [item, key] = separators;
  // A float read from JSON text (`1.0`) stays a float, written as Python writes one.
  if (value instanceof JsonFloat) return pythonFloatRepr(value.value);
  if (Array.isArray(value)) return `[${value.map((element) => pythonJsonDumps(element, separators)).join(item)}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    return `{${entries.map(([name, inner]) => `${asciiJsonString(name)}${key}${pythonJsonDumps(inner, separators)}`).join(item)}}`;
  }
  if (typeof value === 'string') return asciiJsonString(value);
  return JSON.stringify(value);
}
