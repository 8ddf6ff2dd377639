import { pythonLength } from '../python-len';

/** The server's shortest password (`PASSWORD_MIN_LENGTH`). */
const PASSWORD_MIN_LENGTH = 6;

/**
 * Whether the server's `check_password_strength` takes the password: at least
 * `PASSWORD_MIN_LENGTH` characters (the empty one never). The server also asks zxcvbn for at
 * least 10,000 guesses; the mock checks the length only.
 */
export function isStrongEnoughPassword(password: string): boolean {
  return pythonLength(password) >= PASSWORD_MIN_LENGTH;
}
