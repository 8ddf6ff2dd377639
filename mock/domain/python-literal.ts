import { pythonStrRepr } from './python-repr';

/**
 * Python's `str()` of a value decoded from JSON: text as it is, `True`/`False`/`None`, numbers
 * as JavaScript writes them, lists and dicts as Python writes them (`{'a': [1, None]}`).
 *
 * @example
 * pythonStr({ a: [1, null] }); // "{'a': [1, None]}"
 */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonLiteral(value);
}

function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pythonStrRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value).map(([key, inner]) => `${pythonStrRepr(key)}: ${pythonLiteral(inner)}`).join(', ')}}`;
  }
  return String(value);
}

/** Python's truthiness of a value decoded from JSON: `false`, `0`, `""`, `null`, `[]` and `{}` are false. */
export function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}
