import { ApiFailure } from '../domain/errors';

/** How many stand-ins there are for integers past exact JavaScript numbers, of each sign. */
const STAND_INS = 1 << 20;

/** An integer's text as Python writes the int it reads: its sign, no leading zeros. */
function asPythonWritesIt(source: string): string {
  const digits = source.replace(/^[-+]?0*/, '') || '0';
  return source.startsWith('-') && digits !== '0' ? `-${digits}` : digits;
}

/** FNV-1a over the digits: the same integer always gets the same stand-in. */
function digitsHash(digits: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < digits.length; index++) hash = Math.imul(hash ^ digits.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/**
 * The number an integer past exact JavaScript numbers (as sent: `99999999999999999999`) is read as:
 * an integer of its sign within 2^20 of the largest exact one, chosen by its digits. It names no
 * record, as the server's out-of-range lookup finds none (Django 5), bounds and allowed values
 * judge it as they judge the real one, and {@link withIntegersAsSent} quotes it as sent.
 *
 * @example
 * standInFor('99999999999999999999'); // 9007199254xxxxxx, always the same
 */
export function standInFor(source: string): number {
  const text = asPythonWritesIt(source);
  const magnitude = Number.MAX_SAFE_INTEGER - (digitsHash(text.replace('-', '')) % STAND_INS);
  return text.startsWith('-') ? -magnitude : magnitude;
}

/** A run of digits long enough to be past exact JavaScript numbers (2^53 has 16 digits). */
const LONG_INTEGER = /-?\d{16,}/g;

/**
 * The failure with every integer it quotes that the request held past exact JavaScript numbers
 * written as sent (as Python writes it), instead of the number the mock read it as: its
 * {@link standInFor | stand-in}, or the nearest double where a reader keeps it (orjson's 64-bit
 * integers). `texts` are what the request sent: its path and its parameters' values. Anything else
 * is returned as it is.
 *
 * @example
 * import { badRequest } from '../domain/errors';
 * const read = badRequest(`Invalid user ID ${standInFor('99999999999999999999')}`);
 * withIntegersAsSent(read, ['[99999999999999999999]']); // its msg: 'Invalid user ID 99999999999999999999'
 */
export function withIntegersAsSent(error: unknown, texts: Iterable<string>): unknown {
  if (!(error instanceof ApiFailure) || !/\d{16}/.test(error.msg)) return error;
  const asSent = new Map<string, string>();
  for (const text of texts) {
    for (const [source] of text.matchAll(LONG_INTEGER)) {
      if (Number.isSafeInteger(Number(source))) continue;
      const written = asPythonWritesIt(source);
      asSent.set(String(standInFor(source)), written);
      asSent.set(String(Number(source)), written);
    }
  }
  const msg = error.msg.replace(LONG_INTEGER, (quoted) => asSent.get(quoted) ?? quoted);
  return msg === error.msg ? error : new ApiFailure(msg, error.code, error.status, error.extra, error.headers);
}
