/** The last second formatted, since every answer carries a `Date` and most share their second. */
let cached: { second: number; text: string } | undefined;

/** An HTTP `Date` header value (RFC 9110 IMF-fixdate) for a time in milliseconds. */
export function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (cached?.second !== second) cached = { second, text: new Date(second * 1000).toUTCString() };
  return cached.text;
}
