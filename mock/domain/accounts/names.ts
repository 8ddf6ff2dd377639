import { badRequest } from '../errors';

const MAX_NAME_LENGTH = 100;
const MIN_NAME_LENGTH = 2;
// The server's NAME_INVALID_CHARS, and what its check_string_is_printable refuses: control
// characters, lone surrogates and the 66 noncharacters (format characters such as ZWJ are fine).
const FORBIDDEN_NAME_CHARACTERS = /[*`\\>"@\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;
// Checked on the name as sent: Python's `$` also matches before a final line break, `\d` any digit.
const MENTION_SUFFIX = /\|\p{Nd}+\n?$/u;

/** A full name as the server accepts it (stripped), or its error. */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) throw badRequest('Name too long!');
  if ([...name].length < MIN_NAME_LENGTH) throw badRequest('Name too short!');
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) throw badRequest('Invalid characters in name!');
  if (MENTION_SUFFIX.test(raw)) throw badRequest('Invalid format!');
  return name;
}
