/**
 * A `JSON.parse` reviver that also gets the source text of each primitive (the
 * JSON.parse-source-text-access proposal; `context` is absent on runtimes without it). The source
 * tells `2.0` from `2`, which the server's Python JSON readers keep apart.
 */
export type SourceReviver = (this: unknown, key: string, value: unknown, context?: { readonly source?: string }) => unknown;

/** `JSON.parse` with a {@link SourceReviver}. */
export function parseJsonWithSource(text: string, reviver: SourceReviver): unknown {
  return JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]);
}

/** Whether a number's source text is a float (`2.0`, `1e3`): Python reads it as a float, never an integer. */
export function isFloatSource(source: string): boolean {
  return /[.eE]/.test(source);
}
