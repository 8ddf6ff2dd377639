import type { MessageRecord } from '../../store/store';
import type { MockState } from '../state';
import { stemmer } from 'stemmer';
import { renderedContentOf } from '../messages/rendered-content';
import SEARCH_STOP_WORDS from './search-stop-words.json';
import { PYTHON_WHITESPACE_CLASS } from '../python-strip';

/** A full-text search: every word but stop words must occur (stemmed), every quoted phrase literally. */
export interface SearchQuery {
  /** Stems of every word of the query, quoted or not. */
  readonly stems: ReadonlySet<string>;
  /** Quoted phrases, lower-cased. */
  readonly phrases: readonly string[];
}

const WORD = /[\p{L}\p{N}_]+/gu;
// The server's split of an operand: a quoted run, or a run of non-space (Python's `\S`).
const OPERAND_TERM = new RegExp(`"[^"]+"|[^${PYTHON_WHITESPACE_CLASS}]+`, 'g');
const STOP_WORDS: ReadonlySet<string> = new Set(SEARCH_STOP_WORDS);

/**
 * A word's stem, for the server's PostgreSQL text search (its configuration tries a Hunspell
 * English dictionary, then Snowball's English stemmer; the `stemmer` package's Porter stemmer
 * agrees with them on common words): "castles" finds "castle", "walking" finds "walked".
 */
function stem(word: string): string {
  return stemmer(word.toLowerCase());
}

/**
 * Reads `search` operands (several are joined with spaces, as the server does). Stop words ("is",
 * "the", ...) are left out, as the server's dictionary leaves them out of the query.
 */
export function parseSearch(operands: readonly string[]): SearchQuery {
  const text = operands.join(' ');
  // A phrase is a term that is quoted as a whole: in `foo"bar baz"` no term is.
  const phrases = [...text.matchAll(OPERAND_TERM)]
    .map(([term]) => term)
    .filter((term) => term.length > 1 && term.startsWith('"') && term.endsWith('"'))
    .map((term) => term.slice(1, -1).toLowerCase());
  const words = [...text.matchAll(WORD)].map((match) => match[0].toLowerCase()).filter((word) => !STOP_WORDS.has(word));
  return { stems: new Set(words.map(stem)), phrases };
}

const ENTITY = /^&(?:#\d+|#x[\da-f]+|[a-z]+);$/i;

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The words of rendered HTML's text (tags dropped, entities decoded). */
function htmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '));
}

/** Whether the message matches the search: each stem in its text or topic, each phrase in its source or topic. */
export function matchesSearch(state: MockState, query: SearchQuery, message: MessageRecord): boolean {
  if (query.stems.size === 0) return false;
  const found = new Set<string>();
  for (const text of [htmlText(renderedContentOf(state, message)), message.topic]) {
    for (const match of text.matchAll(WORD)) {
      const candidate = stem(match[0]);
      if (query.stems.has(candidate)) found.add(candidate);
    }
  }
  if (found.size !== query.stems.size) return false;
  const content = message.content.toLowerCase();
  const topic = message.topic.toLowerCase();
  return query.phrases.every((phrase) => content.includes(phrase) || topic.includes(phrase));
}

const HIGHLIGHT_START = '<span class="highlight">';
const HIGHLIGHT_END = '</span>';

function highlightText(text: string, stems: ReadonlySet<string>): string {
  // Entities are not words: split them out so "&amp;" never reads as the word "amp".
  return text
    .split(/(&(?:#\d+|#x[\da-f]+|[a-z]+);)/i)
    .map((part) =>
      ENTITY.test(part)
        ? part
        : part.replace(WORD, (word) => (stems.has(stem(word)) ? `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}` : word)),
    )
    .join('');
}

/** HTML with every matching word outside tags wrapped in `<span class="highlight">`. */
function highlightHtml(html: string, query: SearchQuery | undefined): string {
  if (!query) return html;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : highlightText(part, query.stems)))
    .join('');
}

/** Escapes a topic as the server does for `match_subject`. */
function escapeTopic(topic: string): string {
  return topic
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** The match record of a message: its rendered content and escaped topic, search matches highlighted. */
export function matchRecord(
  state: MockState,
  message: MessageRecord,
  query: SearchQuery | undefined,
): { match_content: string; match_subject: string } {
  return {
    match_content: highlightHtml(renderedContentOf(state, message), query),
    match_subject: highlightHtml(escapeTopic(message.topic), query),
  };
}
