import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { BEFORE_MENTION_ALLOWED_CLASS } from '../before-mention';
import { type MentionEnv, type MentionSpan, parseMentionAt } from '../mention-syntax';
import { type ChannelLinkEnv, parseChannelLinkAt } from './channel-link-syntax';

// The server's mention patterns (`MENTIONS_RE`, `USER_GROUP_MENTIONS_RE`): `@**name**` or
// `@*group*`, silent or not, at the start or after whitespace or one of ' " ( { [ / <.
const USER_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*\\*([^*]+)\\*\\*`, 'g');
const GROUP_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*([^*]+)\\*`, 'g');
// Its channel link pattern (`STREAM_LINK_REGEX`), whose name holds a topic link's `>topic` too.
const CHANNEL_LINK = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])#\\*\\*([^*]+)\\*\\*`, 'g');
const CHANNEL_OF_TOPIC_LINK = /^([^*>]+)>/;
// Put before a mention or channel link the server cannot resolve, where it keeps the text: the
// mention rules read it as a character they may not follow. Never in the text otherwise (the
// whitespace step drops it, as Python-Markdown drops its placeholder marks) and taken out after.
const UNRESOLVED = '\u0002';
const QUOTE_MARKER = '>';

/**
 * A line of a quote with every mention made silent (`@**x**` → `@_**x**`), read as the server reads
 * it, with the raw `>` before it when that comes right before the text (`>@**x**` stays).
 */
function silenceMentions(line: string, afterMarker: boolean): string {
  const text = afterMarker ? QUOTE_MARKER + line : line;
  const silenced = text.replace(USER_MENTION, '@_**$1**').replace(GROUP_MENTION, '@_*$1*');
  return afterMarker ? silenced.slice(1) : silenced;
}

/**
 * What the server looks up before rendering: the users and groups that `possible_mentions` and the
 * channels that `possible_linked_stream_names` find in the raw message, where a mention or link
 * may start. A mention or link after a quote's `>` (`>@**King Hamlet**`) is not among them.
 */
interface Prefetched {
  readonly mentioned: ReadonlySet<string>;
  readonly channels: ReadonlySet<string>;
}

// Who a mention names, for the lookup: undefined for wildcards, which need none.
function mentionIdentity(span: MentionSpan | undefined): string | undefined {
  const user = span?.attributes['data-user-id'];
  if (user !== undefined) return user === '*' ? undefined : `user ${user}`;
  const group = span?.attributes['data-user-group-id'];
  return group === undefined ? undefined : `group ${group}`;
}

function prefetch(source: string, env: Partial<MentionEnv>): Prefetched {
  const mentioned = new Set<string>();
  for (const [pattern, kind] of [[USER_MENTION, 'user'], [GROUP_MENTION, 'group']] as const) {
    for (const match of source.matchAll(pattern)) {
      const identity = mentionIdentity(env.resolveMention?.({ kind, name: match[1] ?? '', silent: false }));
      if (identity !== undefined) mentioned.add(identity);
    }
  }
  const channels = new Set<string>();
  for (const match of source.matchAll(CHANNEL_LINK)) {
    const name = match[1] ?? '';
    channels.add(name);
    const channel = CHANNEL_OF_TOPIC_LINK.exec(name)?.[1];
    if (channel !== undefined) channels.add(channel);
  }
  return { mentioned, channels };
}

/** Whether the mention or channel link starting `line` is one the server has looked up. */
function lookedUp(line: string, env: Partial<MentionEnv & ChannelLinkEnv>, prefetched: () => Prefetched): boolean {
  const mention = parseMentionAt(line, 0);
  if (mention) {
    const identity = mentionIdentity(env.resolveMention?.(mention.syntax));
    return identity === undefined || prefetched().mentioned.has(identity);
  }
  const link = parseChannelLinkAt(line, 0);
  return !link || prefetched().channels.has(link.syntax.channel);
}

// Whether the raw line's character before the text of `line` (the raw line's end) is a quote's `>`.
function followsMarker(raw: string | undefined, line: string): boolean {
  return raw !== undefined && raw.length > line.length && raw.endsWith(line) && raw[raw.length - line.length - 1] === QUOTE_MARKER;
}

const withUnresolved = new WeakSet<StateCore>();

function quotedMentionsRule(state: StateCore): void {
  let quoteDepth = 0;
  let rawLines: string[] | undefined;
  let prefetched: Prefetched | undefined;
  const env = state.env as Partial<MentionEnv & ChannelLinkEnv>;
  const lookups = (): Prefetched => (prefetched ??= prefetch(state.src, env));
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open') quoteDepth += 1;
    else if (token.type === 'blockquote_close') quoteDepth -= 1;
    else if (quoteDepth === 0) continue;
    else if (token.type === 'code_block') token.content = silenceMentions(token.content, false);
    else if (token.type === 'inline' && (token.content.includes('@') || token.content.includes('#'))) {
      const first = token.map?.[0] ?? -1;
      rawLines ??= state.src.split('\n');
      token.content = token.content
        .split('\n')
        .map((line, index) => {
          const afterMarker = first >= 0 && followsMarker(rawLines?.[first + index], line);
          const silenced = silenceMentions(line, afterMarker);
          if (!afterMarker || lookedUp(silenced, env, lookups)) return silenced;
          withUnresolved.add(state);
          return UNRESOLVED + silenced;
        })
        .join('\n');
    }
  }
}

function dropUnresolvedMarks(state: StateCore): void {
  if (!withUnresolved.has(state)) return;
  for (const block of state.tokens) {
    for (const token of block.children ?? ([] as Token[])) {
      if (token.type === 'text' && token.content.includes(UNRESOLVED)) token.content = token.content.replaceAll(UNRESOLVED, '');
    }
  }
}

/**
 * markdown-it plugin: mentions inside quotes (`>` lines and ```` ```quote ```` blocks) are silent,
 * as on the server, whose quote processor rewrites them to the silent syntax before the inline
 * rules see them: a quoted mention notifies nobody and sets no mention flag. Being a rewrite of the
 * text, it reaches into quoted code spans and indented code blocks too (`>      @**all**` shows
 * `@_**all**`), as the server's does (fenced code it has set aside before). It reads each raw line,
 * `>` included, so a mention right after the `>` (`>@**all**`) stays as written; and such a
 * mention or channel link names only a user, group or channel the message names elsewhere where
 * one may start, the ones the server looks up (`>@**King Hamlet**` alone is text).
 */
export function quotedMentionsPlugin(md: MarkdownIt): void {
  md.core.ruler.before('inline', 'zulip_quoted_mentions', quotedMentionsRule);
  md.core.ruler.after('inline', 'zulip_unresolved_mentions', dropUnresolvedMarks);
}
