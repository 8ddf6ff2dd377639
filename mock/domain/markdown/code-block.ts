import languages from './code-languages.json';
import { escapeAttribute, escapeCode, escapeText } from './escape';

const CANONICAL_NAMES: Readonly<Record<string, string>> = languages.names;

/** The name the server writes for a code block's language: Pygments' name for a known alias, else the name lower-cased (the server lower-cases a fence's language first). */
function canonicalLanguage(language: string): string {
  const lower = language.toLowerCase();
  return CANONICAL_NAMES[lower] ?? lower;
}

/**
 * A code block as the server renders it (Pygments' `codehilite` wrapper, without token spans):
 * trailing whitespace trimmed on every line, blank lines at both ends dropped, one final newline.
 * Pygments escapes quotes too, but a block with a language is parsed and written again by lxml
 * (to add `data-code-language`), which leaves quotes in text as typed.
 */
export function renderCodeBlock(lines: readonly string[], language: string): string {
  const code = lines.map((line) => line.trimEnd()).join('\n').replace(/^\n+|\n+$/g, '');
  if (!language) return `<div class="codehilite"><pre><span></span><code>${escapeCode(code)}\n</code></pre></div>\n`;
  const languageAttribute = ` data-code-language="${escapeAttribute(canonicalLanguage(language))}"`;
  return `<div class="codehilite"${languageAttribute}><pre><span></span><code>${escapeText(code)}\n</code></pre></div>\n`;
}
