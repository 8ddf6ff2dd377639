import type { Env, MarkdownIt, StateInline } from 'markdown-it';
import { mayStartMention } from './before-mention';
import { type MentionedNames, mentionedNames } from './mentioned-names';
import { crossesEarlierSpan } from './plugins/star-cascade';

/** A mention as written: `@**name**` (user or wildcard) or `@*name*` (group), `@_` when silent. */
export interface MentionSyntax {
  readonly kind: 'user' | 'group';
  /** The text between the asterisks. */
  readonly name: string;
  readonly silent: boolean;
}

/** What a mention does to the message besides rendering. */
type MentionEffect =
  | { readonly kind: 'user'; readonly userId: number }
  | { readonly kind: 'group'; readonly groupId: number }
  | { readonly kind: 'channel-wildcard' }
  | { readonly kind: 'topic-wildcard' };

/** The `<span>` a resolved mention renders as, and its effect (none for silent mentions). */
export interface MentionSpan {
  readonly className: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly text: string;
  readonly effect?: MentionEffect | undefined;
}

/**
 * The render environment the plugin reads: how to resolve a mention (undefined leaves the
 * text to the other Markdown rules) and where the resolved ones are collected.
 */
export interface MentionEnv extends Env {
  readonly resolveMention: (syntax: MentionSyntax) => MentionSpan | undefined;
  readonly mentions: MentionSpan[];
  /** Set by the plugin from the raw message: the mention texts the server looks up (see `mentionedNames`). */
  mentionedNames?: MentionedNames | undefined;
}

/** Reads a mention at `pos`; returns it and the index just after it. */
export function parseMentionAt(src: string, pos: number): { syntax: MentionSyntax; end: number } | undefined {
  if (src[pos] !== '@') return undefined;
  if (!mayStartMention(src, pos)) return undefined;
  let cursor = pos + 1;
  const silent = src[cursor] === '_';
  if (silent) cursor += 1;
  const stars = src.startsWith('**', cursor) ? 2 : src[cursor] === '*' ? 1 : 0;
  if (stars === 0) return undefined;
  const nameStart = cursor + stars;
  const close = src.indexOf('*', nameStart);
  if (close <= nameStart) return undefined;
  if (stars === 2 && src[close + 1] !== '*') return undefined;
  const syntax: MentionSyntax = { kind: stars === 2 ? 'user' : 'group', name: src.slice(nameStart, close), silent };
  return { syntax, end: close + stars };
}

// Whom a mention names, for the lookup: undefined for wildcards, which the server looks up in no table.
function mentioned(span: MentionSpan | undefined): string | undefined {
  const user = span?.attributes['data-user-id'];
  if (user !== undefined) return user === '*' ? undefined : `user ${user}`;
  const group = span?.attributes['data-user-group-id'];
  return group === undefined ? undefined : `group ${group}`;
}

// The users and groups the raw message's mention texts name, worked out at the first mention whose own text is not among them.
const lookedUpTargets = new WeakMap<MentionedNames, ReadonlySet<string>>();

/** Whether the server has looked up the user or group a mention names (see `mentionedNames`). */
function lookedUp(env: Partial<MentionEnv>, syntax: MentionSyntax, span: MentionSpan): boolean {
  const names = env.mentionedNames;
  const target = mentioned(span);
  if (!names || target === undefined || names[syntax.kind].has(syntax.name)) return true;
  let targets = lookedUpTargets.get(names);
  if (!targets) {
    const found = new Set<string>();
    for (const kind of ['user', 'group'] as const) {
      for (const name of names[kind]) {
        const named = mentioned(env.resolveMention?.({ kind, name, silent: false }));
        if (named !== undefined) found.add(named);
      }
    }
    lookedUpTargets.set(names, (targets = found));
  }
  return targets.has(target);
}

function mentionRule(state: StateInline, silent: boolean): boolean {
  const parsed = parseMentionAt(state.src, state.pos);
  if (!parsed || crossesEarlierSpan(state, state.pos, parsed.end)) return false;
  const env = state.env as Partial<MentionEnv>;
  const span = env.resolveMention?.(parsed.syntax);
  if (!span || !lookedUp(env, parsed.syntax, span)) return false;
  // In validation mode (`silent`) markdown-it only asks whether a rule matches; the real pass follows.
  if (!silent) {
    state.push('mention', 'span', 0).meta = { span };
    env.mentions?.push(span);
  }
  state.pos = parsed.end;
  return true;
}

/**
 * markdown-it plugin for the server's mention syntax. Code spans and blocks never reach inline
 * rules, so mentions inside code stay text, as on the server.
 */
export function mentionPlugin(md: MarkdownIt): void {
  md.core.ruler.before('normalize', 'zulip_mentioned_names', (state) => {
    (state.env as Partial<MentionEnv>).mentionedNames = mentionedNames(state.src);
  });
  md.inline.ruler.before('emphasis', 'mention', mentionRule);
  const escape = md.utils.escapeHtml;
  md.renderer.rules.mention = (tokens, index) => {
    const { span } = tokens[index]?.meta as { span: MentionSpan };
    const attributes = Object.entries(span.attributes)
      .map(([name, value]) => ` ${name}="${escape(value)}"`)
      .join('');
    return `<span class="${escape(span.className)}"${attributes}>${escape(span.text)}</span>`;
  };
}
