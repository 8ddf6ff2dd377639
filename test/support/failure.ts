import { expect } from 'vitest';
import { ApiError } from '../../src/index';

/** The error of class `kind` a call rejects with; fails the test if it resolves or throws anything else. */
export async function rejectionOf<E>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof kind)) throw new Error(`expected ${kind.name}, got ${String(error)}`);
  return error;
}

/** The ApiError a call rejects with; fails the test if it resolves or throws anything else. */
export function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  return rejectionOf(promise, ApiError);
}

/** What an expected API error looks like: code, HTTP status, message, and extra envelope fields. */
export interface ExpectedApiError {
  readonly code: string;
  readonly status: number;
  readonly msg?: string;
  readonly [field: string]: unknown;
}

/** Asserts that a call fails with exactly this code and status (and message and fields, when given). */
export async function expectApiError(promise: Promise<unknown>, expected: ExpectedApiError): Promise<void> {
  const error = await apiFailure(promise);
  const { code, status, msg, ...fields } = expected;
  expect({ code: error.code, status: error.status }).toEqual({ code, status });
  if (msg !== undefined) expect(error.msg).toBe(msg);
  expect(error.data).toMatchObject(fields);
}
