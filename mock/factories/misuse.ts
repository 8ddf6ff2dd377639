/**
 * A factory was asked for something the realm cannot give: the message says what went wrong and
 * what to do instead (it is about the test's setup, never a wire-level error).
 *
 * @example
 * try {
 *   mock.create.message({ from: 'polonius@zulip.com', channel: 'Denmark', content: 'hi' });
 * } catch (error) {
 *   if (error instanceof MockMisuseError) console.log(error.message); // says what to do instead
 * }
 */
export class MockMisuseError extends Error {
  override readonly name = 'MockMisuseError';
}

/** "one of: a, b, c" for a teaching message, or a note that there is none. */
export function oneOf(names: readonly string[]): string {
  return names.length === 0 ? 'there is none yet' : `use one of: ${names.join(', ')}`;
}
