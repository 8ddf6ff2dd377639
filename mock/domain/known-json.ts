/**
 * Values whose JSON text is known in advance: a value built once and answered many times (a
 * message as one reader sees it) carries its text, and an envelope listing such values is written
 * from their texts instead of serializing them again (JSON.stringify of a page of messages was
 * the largest single cost of `GET /messages`).
 */
const KNOWN_JSON = Symbol('teamchat-mock.knownJson');

type Carrier = { readonly [KNOWN_JSON]?: string };

/**
 * Freezes `value` and attaches its JSON text, unenumerable (a spread or a copy does not carry
 * it, so a changed copy is serialized afresh). Its nested values must not change either.
 */
export function withKnownJson<T extends object>(value: T): T {
  Object.defineProperty(value, KNOWN_JSON, { value: JSON.stringify(value) });
  return Object.freeze(value);
}

/** The JSON text a value carries, if any. */
function knownJsonOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? (value as Carrier)[KNOWN_JSON] : undefined;
}

/** An array whose first item carries its text: written item by item. */
function listsKnownJson(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && value.length > 0 && knownJsonOf(value[0]) !== undefined;
}

function arrayText(items: readonly unknown[]): string {
  let text = '[';
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    // As JSON.stringify writes array items: what has no JSON form is null.
    text += (index === 0 ? '' : ',') + (knownJsonOf(item) ?? JSON.stringify(item) ?? 'null');
  }
  return `${text}]`;
}

/**
 * `JSON.stringify(body)` for a plain object, byte for byte, writing the arrays of its own fields
 * whose items carry their text ({@link withKnownJson}) from those texts.
 */
export function stringifyWithKnownJson(body: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(body);
  let known = false;
  for (let index = 0; index < keys.length && !known; index++) known = listsKnownJson(body[keys[index] as string]);
  if (!known) return JSON.stringify(body);
  let text = '{';
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const value = body[key];
    const valueText = listsKnownJson(value) ? arrayText(value) : JSON.stringify(value);
    // As JSON.stringify skips fields without a JSON form (undefined, functions).
    if (valueText === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${valueText}`;
  }
  return `${text}}`;
}
