import { mayStartMention } from './before-mention';

/** The mention texts of a raw message, by kind. */
export interface MentionedNames {
  readonly user: ReadonlySet<string>;
  readonly group: ReadonlySet<string>;
}

/**
 * Adds to `names` the texts of the server's `MENTIONS_RE` (`stars` 2) or `USER_GROUP_MENTIONS_RE`
 * (`stars` 1) over the raw message: `@_?\*{stars}([^*]+)\*{stars}` where a mention may start.
 * Read from each `@` rather than with the pattern, whose lookbehind comes first and so is tried at
 * every character; a match's text is passed over, as the pattern's next search starts after it.
 */
function addMentionTexts(content: string, stars: 1 | 2, names: Set<string>): void {
  let at = content.indexOf('@');
  while (at !== -1) {
    let end = at + 1;
    if (mayStartMention(content, at)) {
      const open = content[end] === '_' ? end + 1 : end;
      const nameStart = open + stars;
      const close = content.indexOf('*', nameStart);
      const opened = content[open] === '*' && (stars === 1 || content[open + 1] === '*');
      if (opened && close > nameStart && (stars === 1 || content[close + 1] === '*')) {
        names.add(content.slice(nameStart, close));
        end = close + stars;
      }
    }
    at = content.indexOf('@', end);
  }
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
  addMentionTexts(content, 2, user);
  addMentionTexts(content, 1, group);
  return { user, group };
}
