/**
 * The server's encoding of a narrow URL component: percent-encoding with `.` for `%`
 * (`some topic` → `some.20topic`), dots themselves encoded first; `*` stays as it is (Python's
 * `quote(text, safe="*")`).
 */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}

/** `{id}-{name}` with spaces as dashes, as the server writes a channel in narrow URLs. */
export function encodeChannel(channelId: number, name: string): string {
  return `${channelId}-${encodeHashComponent(name.replace(/ /g, '-'))}`;
}
