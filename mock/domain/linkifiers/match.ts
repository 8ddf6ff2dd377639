import type { LinkifierRecord } from '../../store/linkifiers';
import { linkifierRegExp } from './pattern';
import { expandUrlTemplate } from './url-template-expand';

/** A linkified stretch of text. */
export interface LinkifierMatch {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly url: string;
}

// The server links a match only at a word start (text start, whitespace or one of ' " ( , : <)
// and a word end (text end or anything but a letter or digit).
const ALLOWED_BEFORE = /[\s'"(,:<]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The matches of one linkifier in a text, left to right, at word boundaries. */
export function linkifierMatches(linkifier: LinkifierRecord, text: string): LinkifierMatch[] {
  const regExp = linkifierRegExp(linkifier.pattern);
  const matches: LinkifierMatch[] = [];
  for (let match = regExp.exec(text); match; match = regExp.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (match[0] === '') {
      regExp.lastIndex += 1;
      continue;
    }
    const before = start === 0 || ALLOWED_BEFORE.test(text[start - 1] ?? '');
    const after = end === text.length || !LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(end) ?? 0));
    if (!before || !after) {
      regExp.lastIndex = start + 1;
      continue;
    }
    matches.push({ start, end, text: match[0], url: expandUrlTemplate(linkifier.url_template, match.groups ?? {}) });
  }
  return matches;
}

/** A text cut into plain stretches and links, applying the linkifiers in order (a linked stretch is final). */
export type LinkifiedPiece = string | { readonly text: string; readonly url: string };

/** Applies the realm's linkifiers to a text, each in turn on what the earlier ones left plain. */
export function linkifyText(linkifiers: readonly LinkifierRecord[], text: string): LinkifiedPiece[] {
  let pieces: LinkifiedPiece[] = [text];
  for (const linkifier of linkifiers) {
    pieces = pieces.flatMap((piece) => {
      if (typeof piece !== 'string') return [piece];
      const matches = linkifierMatches(linkifier, piece);
      if (matches.length === 0) return [piece];
      const result: LinkifiedPiece[] = [];
      let copied = 0;
      for (const match of matches) {
        result.push(piece.slice(copied, match.start), { text: match.text, url: match.url });
        copied = match.end;
      }
      result.push(piece.slice(copied));
      return result.filter((part) => part !== '');
    });
  }
  return pieces;
}
