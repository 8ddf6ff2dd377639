import type * as z from 'zod/mini';
import type { Endpoint } from '../../src/contract/endpoint';
import { wireFormatOf } from '../../src/contract/wire';
import type { MockState } from '../domain/state';
import { REQUEST_LIMITS } from './limits';
import type { BodyLimits } from './request-params';

const MIB = 1024 * 1024;

/** Room for a multipart body's boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = MIB;

const fileTaking = new WeakMap<Endpoint, boolean>();

function takesFiles(endpoint: Endpoint): boolean {
  let known = fileTaking.get(endpoint);
  if (known === undefined) {
    known = Object.values(endpoint.params.shape).some((schema) => wireFormatOf(schema as z.ZodMiniType) === 'file');
    fileTaking.set(endpoint, known);
  }
  return known;
}

/**
 * How much of a body an operation reads: the ordinary limit, or for an upload the realm's
 * `max_file_upload_size_mib` plus multipart framing, so that a file just over the realm's limit
 * gets the server's own error rather than the front end's 413.
 */
export function bodyLimitsFor(state: MockState, endpoint: Endpoint): BodyLimits {
  if (!takesFiles(endpoint)) return REQUEST_LIMITS;
  const uploadBytes = state.realm.max_file_upload_size_mib * MIB + MULTIPART_OVERHEAD_BYTES;
  return { ...REQUEST_LIMITS, maxBodyBytes: Math.max(REQUEST_LIMITS.maxBodyBytes, uploadBytes) };
}
