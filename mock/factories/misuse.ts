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

/** How many names a teaching message lists before it says how many more there are. */
const LISTED_NAMES = 12;

/**
 * Names for a teaching message, the first dozen of them and a count of the rest: a realm of
 * thousands of users would otherwise put every address into one error.
 *
 * @example
 * listNames(['a', 'b']); // 'a, b'
 */
export function listNames(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_NAMES).join(', ');
  return names.length > LISTED_NAMES ? `${shown}, and ${names.length - LISTED_NAMES} more` : shown;
}

/** "one of: a, b, c" for a teaching message, or a note that there is none. */
export function oneOf(names: readonly string[]): string {
  return names.length === 0 ? 'there is none yet' : `use one of: ${listNames(names)}`;
}
