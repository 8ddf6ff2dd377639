import { badRequest } from '../errors';

const MAX_NAME_LENGTH = 100;
const MIN_NAME_LENGTH = 2;
const FORBIDDEN_NAME_CHARACTERS = /[*`\\>"@\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** A full name as the server accepts it (stripped), or its error. */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) throw badRequest('Name too long!');
  if ([...name].length < MIN_NAME_LENGTH) throw badRequest('Name too short!');
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) throw badRequest('Invalid characters in name!');
  if (/\|\d+$/.test(name)) throw badRequest('Invalid format!');
  return name;
}
