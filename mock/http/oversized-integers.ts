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
const SIXTEEN_DIGITS = /\d{16}/;

/**
 * What the failure quotes of the request's integers past exact JavaScript numbers, by the number
 * the mock read each as (its stand-in, or its nearest double where orjson keeps 64-bit integers):
 * the integer as sent, as Python writes it.
 */
function integersAsSent(texts: Iterable<string>): Map<string, string> {
  const asSent = new Map<string, string>();
  for (const text of texts) {
    for (const [source] of text.matchAll(LONG_INTEGER)) {
      if (Number.isSafeInteger(Number(source))) continue;
      const written = asPythonWritesIt(source);
      asSent.set(String(standInFor(source)), written);
      asSent.set(String(Number(source)), written);
    }
  }
  return asSent;
}

/**
 * The failure with every integer it quotes that the request held past exact JavaScript numbers
 * written as sent (as Python writes it), instead of the number the mock read it as: its
 * {@link standInFor | stand-in}, or the nearest double where a reader keeps it (orjson's 64-bit
 * integers). Its `msg` and its other text fields (a narrow's `desc`) quote the integer as sent; a
 * number field that holds a stand-in (`bad_value`) holds the nearest double instead, as
 * `JSON.parse` reads the server's integer. `texts` are what the request sent: its path and its
 * parameters' values. Anything else is returned as it is.
 *
 * @example
 * import { badRequest } from '../domain/errors';
 * const read = badRequest(`Invalid user ID ${standInFor('99999999999999999999')}`);
 * withIntegersAsSent(read, ['[99999999999999999999]']); // its msg: 'Invalid user ID 99999999999999999999'
 */
export function withIntegersAsSent(error: unknown, texts: Iterable<string>): unknown {
  if (!(error instanceof ApiFailure) || !quotesLongInteger(error)) return error;
  const asSent = integersAsSent(texts);
  if (asSent.size === 0) return error;
  const quoted = (text: string) => text.replace(LONG_INTEGER, (read) => asSent.get(read) ?? read);
  const extra = Object.fromEntries(
    Object.entries(error.extra).map(([name, value]) => {
      if (typeof value === 'string') return [name, quoted(value)];
      const written = typeof value === 'number' ? asSent.get(String(value)) : undefined;
      return [name, written === undefined ? value : Number(written)];
    }),
  );
  const msg = quoted(error.msg);
  const changed = msg !== error.msg || Object.entries(extra).some(([name, value]) => value !== error.extra[name]);
  return changed ? new ApiFailure(msg, error.code, error.status, extra, error.headers) : error;
}

/** Whether the failure's message or a field of it may hold an integer of 16 digits or more. */
function quotesLongInteger(error: ApiFailure): boolean {
  if (SIXTEEN_DIGITS.test(error.msg)) return true;
  return Object.values(error.extra).some((value) =>
    typeof value === 'string' ? SIXTEEN_DIGITS.test(value) : typeof value === 'number' && Math.abs(value) >= 1e15,
  );
}
