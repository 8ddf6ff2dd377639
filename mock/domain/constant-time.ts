const encoder = new TextEncoder();

/**
 * Whether two secrets are equal, in time that depends only on their lengths, never on where they
 * first differ (so a client cannot guess a key byte by byte from response times). Runs in every
 * runtime the mock does, so it cannot use `node:crypto`.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ (b[index] as number);
  return difference === 0;
}
