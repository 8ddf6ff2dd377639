import { badRequest } from '../errors';
import { firstUnprintablePosition } from '../printable';
import { pythonStrip } from '../python-strip';
import { checkUniqueName, type UniqueNameScope } from './unique-names';
import { pythonLength } from '../python-len';

const MAX_NAME_LENGTH = 100;
const MIN_NAME_LENGTH = 2;
// The server's NAME_INVALID_CHARS; beside them only unprintable characters are refused (format
// characters such as a zero-width joiner are fine).
const NAME_INVALID_CHARACTERS = /[*`\\>"@]/;
// Checked on the name as sent: Python's `$` also matches before a final line break, `\d` any digit.
const MENTION_SUFFIX = /\|\p{Nd}+\n?$/u;

/**
 * A full name as the server accepts it (stripped), or its error; given the realm (`unique`),
 * also unique there when the realm requires it.
 */
export function checkFullName(raw: string, unique?: UniqueNameScope): string {
  const name = pythonStrip(raw);
  if (pythonLength(name) > MAX_NAME_LENGTH) throw badRequest('Name too long!');
  if (pythonLength(name) < MIN_NAME_LENGTH) throw badRequest('Name too short!');
  if (NAME_INVALID_CHARACTERS.test(name) || firstUnprintablePosition(name) !== undefined) throw badRequest('Invalid characters in name!');
  if (MENTION_SUFFIX.test(raw)) throw badRequest('Invalid format!');
  if (unique) checkUniqueName(unique, name);
  return name;
}
