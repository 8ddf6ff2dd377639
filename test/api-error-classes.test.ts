import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sdk from '../src/index';
import { API_ERROR_CLASSES, type KnownApiErrorCode } from '../src/errors/api-errors';
import { ApiErrorBase } from '../src/errors/api-error-base';

/** The codes whose class in the map is declared with another code. */
type MisfiledCode = { [Code in KnownApiErrorCode]: InstanceType<(typeof API_ERROR_CLASSES)[Code]>['code'] extends Code ? never : Code }[KnownApiErrorCode];

// `createApiError` picks a class only through API_ERROR_CLASSES: a class missing from it is never thrown.
describe('API_ERROR_CLASSES', () => {
  it('holds every API error class the SDK exports (all but UnrecognizedApiError and its ServerError)', () => {
    const exported = Object.entries(sdk).filter(
      ([, value]) => typeof value === 'function' && value.prototype instanceof ApiErrorBase && value !== sdk.UnrecognizedApiError && !(value.prototype instanceof sdk.UnrecognizedApiError),
    );
    const mapped = new Set<unknown>(Object.values(API_ERROR_CLASSES));
    expect(exported.filter(([, value]) => !mapped.has(value)).map(([name]) => name)).toEqual([]);
    expect(exported).toHaveLength(Object.keys(API_ERROR_CLASSES).length);
  });

  it('files each class under the code it is declared with', () => {
    expectTypeOf<MisfiledCode>().toEqualTypeOf<never>();
  });
});
