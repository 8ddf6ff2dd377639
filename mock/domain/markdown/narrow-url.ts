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

/** The absolute link to a channel message, as the server writes it (`stream_message_url`): `{realm}/#narrow/channel/{id}-{name}/topic/{topic}/near/{id}`. */
export function channelMessageUrl(realmUrl: string, channel: { readonly id: number; readonly name: string }, topic: string, messageId: number): string {
  return `${realmUrl}/#narrow/channel/${encodeChannel(channel.id, channel.name)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
}

/**
 * The absolute link to a direct message, as the server writes it (`pm_message_url`): every
 * participant's ID ascending, `-group` from three on: `{realm}/#narrow/dm/10,12/near/{id}`.
 */
export function directMessageUrl(realmUrl: string, participantIds: readonly number[], messageId: number): string {
  const ids = [...participantIds].sort((a, b) => a - b);
  return `${realmUrl}/#narrow/dm/${ids.join(',')}${ids.length >= 3 ? '-group' : ''}/near/${messageId}`;
}
