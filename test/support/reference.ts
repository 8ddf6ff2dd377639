import { readFileSync } from 'node:fs';
import type { ApiReference } from '../../scripts/reference-extract';

/**
 * The committed extract of the reference OpenAPI file and the spec (response schemas and the
 * real API's routes). `npm run contract:update` regenerates it; tests never read the originals,
 * which live outside the repository.
 */
export const API_REFERENCE_PATH = new URL('../reference/api-reference.json', import.meta.url);

let cached: ApiReference | undefined;

/** The committed reference data, parsed once. */
export function apiReference(): ApiReference {
  cached ??= JSON.parse(readFileSync(API_REFERENCE_PATH, 'utf8')) as ApiReference;
  return cached;
}
