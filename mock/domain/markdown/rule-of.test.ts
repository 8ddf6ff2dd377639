import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { ruleOf } from './rule-of';

describe('ruleOf', () => {
  it('finds a rule by name, with the chains it is in', () => {
    const md = new MarkdownIt();
    const rule = ruleOf(md.block.ruler, 'blockquote');
    expect(rule.name).toBe('blockquote');
    expect(rule.alt).toContain('paragraph');
  });

  it('says which rule is missing and which there are', () => {
    const md = new MarkdownIt();
    expect(() => ruleOf(md.inline.ruler, 'zulip_nothing')).toThrow(/no rule named 'zulip_nothing'.*rules: text, .*use the plugin that defines it first/);
  });
});
