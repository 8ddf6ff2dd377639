/**
 * A factory was asked for something the realm cannot give: the message says what went wrong and
 * what to do instead (it is about the test's setup, never a wire-level error).
 */
export class MockMisuseError extends Error {
  override readonly name = 'MockMisuseError';
}

/** "one of: a, b, c" for a teaching message, or a note that there is none. */
export function oneOf(names: readonly string[]): string {
  return names.length === 0 ? 'there is none yet' : `use one of: ${names.join(', ')}`;
}
