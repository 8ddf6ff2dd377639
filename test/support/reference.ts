import { readFileSync } from 'node:fs';
import type { ApiReference } from '../../scripts/reference-extract';

/**
 * The committed extract of the reference OpenAPI file and the spec (response schemas, request
 * parameters and the real API's routes). `npm run contract:update` regenerates it; tests never read the originals,
 * which live outside the repository.
 */
const API_REFERENCE_PATH = new URL('../reference/api-reference.json', import.meta.url);

let cached: ApiReference | undefined;

/**
 * Where the reference's schemas contradict its own examples and the real server, the server wins:
 * `RateLimitedError` types `retry-after` as an integer, while its example and the server send
 * fractional seconds (`28.706807374954224`).
 */
function correctedToServer(reference: ApiReference): ApiReference {
  const rateLimited = (reference.components.schemas as Record<string, { allOf?: { properties?: Record<string, { type?: string }> }[] }>)
    .RateLimitedError;
  const retryAfter = rateLimited?.allOf?.find((part) => part.properties?.['retry-after'])?.properties?.['retry-after'];
  if (retryAfter) retryAfter.type = 'number';
  return reference;
}

/** The committed reference data, parsed once. */
export function apiReference(): ApiReference {
  cached ??= correctedToServer(JSON.parse(readFileSync(API_REFERENCE_PATH, 'utf8')) as ApiReference);
  return cached;
}
