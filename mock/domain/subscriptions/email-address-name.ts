import { pythonLength } from '../python-len';

/** Python's `\w` in a `str` pattern: letters, digits and other numerals, and the underscore. */
const NON_WORD_RUNS = /[^\p{L}\p{N}_]+/gu;

/** Python's `len`: code points, not UTF-16 units (a mathematical letter is one character there). */
function codePointLength(text: string): number {
  return pythonLength(text);
}

/**
 * Django's `slugify` without `allow_unicode`: compatibility-decomposed, whatever is not ASCII
 * dropped, lower-cased, what is not a word character, space or hyphen removed, runs of hyphens
 * and spaces made one hyphen, hyphens and underscores trimmed at both ends.
 */
function slugify(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\p{ASCII}]/gu, '');
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9_\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

/**
 * A channel's name as the first part of its email address, or '' when the address leaves it out
 * (the server's `encode_email_address`): runs of non-word characters become one hyphen, then the
 * result is slugified. When slugifying shortened it (letters with no ASCII form, a hyphen or an
 * underscore at either end), the name is dropped rather than mangled.
 *
 * @example
 * emailAddressName('Dänemark'); // 'danemark'
 * emailAddressName('my channel!'); // '' ('my-channel-' lost its last hyphen)
 */
export function emailAddressName(channelName: string): string {
  const hyphenated = channelName.replace(NON_WORD_RUNS, '-');
  const slug = slugify(hyphenated);
  return codePointLength(slug) === codePointLength(hyphenated) ? slug : '';
}
