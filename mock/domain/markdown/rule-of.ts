import type { Ruler } from 'markdown-it';

/** A rule as a markdown-it ruler holds it: its function, whether it is on, and the chains it is in. */
export interface RuleEntry<Args extends unknown[], Result> {
  readonly name: string;
  readonly enabled: boolean;
  readonly fn: (...args: Args) => Result;
  /** The other chains the rule is in (`paragraph`, `list`, ...); the array itself, so a plugin can add to it. */
  readonly alt: string[];
}

/**
 * The rule named `name` in a markdown-it ruler, for a plugin to wrap or replace at setup: throws
 * when the ruler has no such rule (a markdown-it release renamed it, or a plugin that defines it
 * is used later than the one asking).
 *
 * @example
 * import MarkdownIt from 'markdown-it';
 * const md = new MarkdownIt();
 * const image = ruleOf(md.inline.ruler, 'image');
 * md.inline.ruler.at('image', (inline, silent) => image.fn(inline, silent));
 */
export function ruleOf<Args extends unknown[], Result>(ruler: Ruler<Args, Result>, name: string): RuleEntry<Args, Result> {
  const rule = ruler.__rules__.find((entry) => entry.name === name);
  if (!rule) {
    const names = ruler.__rules__.map((entry) => entry.name).join(', ');
    throw new Error(`markdown-it has no rule named '${name}' here (rules: ${names}); use the plugin that defines it first`);
  }
  return rule;
}
