import { isFloatSource, parseJsonWithSource, type SourceReviver } from './json-source';

/** A JSON number written as a float (`2001.0`): Python's JSON readers keep it a float, never an integer. */
export class JsonFloat {
  constructor(readonly value: number) {}
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** A UTF-16 surrogate without its pair: orjson refuses it, even written as a `\u` escape. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const orjsonLike: SourceReviver = function (this: unknown, key, value, context) {
  if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) throw new SyntaxError('lone surrogate');
  const source = context?.source;
  if (typeof value !== 'number' || source === undefined) return value;
  if (isFloatSource(source)) return new JsonFloat(value);
  const integer = BigInt(source);
  if (integer > INT64_MAX || integer < INT64_MIN) throw new RangeError('integer out of range');
  return value;
};

/**
 * Reads JSON text as the server's `orjson.loads` does: floats come back as {@link JsonFloat}
 * (so `1.0` is no integer), and an integer beyond 64 bits or a lone surrogate is invalid JSON,
 * as is anything `JSON.parse` refuses. Throws on invalid text.
 */
export function parseOrjson(text: string): unknown {
  return parseJsonWithSource(text, orjsonLike);
}
