import { BEFORE_MENTION_ALLOWED_CLASS } from './before-mention';

// The server's `MENTIONS_RE` and `USER_GROUP_MENTIONS_RE`, read over the raw message.
const USER_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*\\*([^*]+)\\*\\*`, 'g');
const GROUP_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*([^*]+)\\*`, 'g');

/** The mention texts of a raw message, by kind. */
export interface MentionedNames {
  readonly user: ReadonlySet<string>;
  readonly group: ReadonlySet<string>;
}

/**
 * The user and group mention texts the server looks up before rendering (`possible_mentions`,
 * `possible_user_group_mentions`): those its mention patterns find in the raw message, where a
 * mention may start only at the start or after whitespace or ' " ( { [ / <. A mention the renderer
 * reads where the raw text has another character before it (`>@**x**` in a quote, `|@**x**` in a
 * table cell) names nobody unless the same user or group is mentioned elsewhere. Undefined when
 * the message has no `@*` or `@_*` at all (so no mention).
 */
export function mentionedNames(content: string): MentionedNames | undefined {
  if (!content.includes('@*') && !content.includes('@_*')) return undefined;
  const user = new Set<string>();
  const group = new Set<string>();
  for (const match of content.matchAll(USER_MENTION)) user.add(match[1] ?? '');
  for (const match of content.matchAll(GROUP_MENTION)) group.add(match[1] ?? '');
  return { user, group };
}
