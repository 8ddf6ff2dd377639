import { isFloatSource, parseJsonWithSource, type SourceReviver } from './json-source';

/** A JSON number written as a float (`2001.0`): Python's JSON readers keep it a float, never an integer. */
export class JsonFloat {
  constructor(readonly value: number) {}
}

const UINT64_MAX = 2n ** 64n - 1n;
const INT64_MIN = -(2n ** 63n);

/** A UTF-16 surrogate without its pair: orjson refuses it, even written as a `\u` escape. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const orjsonLike: SourceReviver = function (this: unknown, key, value, context) {
  if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) throw new SyntaxError('lone surrogate');
  const source = context?.source;
  if (typeof value !== 'number' || source === undefined) return value;
  if (!Number.isFinite(value)) throw new RangeError('number is infinity when parsed as double');
  if (isFloatSource(source)) return new JsonFloat(value);
  const integer = BigInt(source);
  // orjson reads integers from -2^63 to 2^64-1 as integers, and any beyond as floats.
  if (integer > UINT64_MAX || integer < INT64_MIN) return new JsonFloat(value);
  return value;
};

/**
 * Reads JSON text as the server's `orjson.loads` does: floats come back as {@link JsonFloat}
 * (so `1.0` is no integer), as do integers beyond -2^63..2^64-1; a number too large for a double
 * (`1e400`) or a lone surrogate is invalid JSON, as is anything `JSON.parse` refuses. Throws on
 * invalid text.
 */
export function parseOrjson(text: string): unknown {
  return parseJsonWithSource(text, orjsonLike);
}
