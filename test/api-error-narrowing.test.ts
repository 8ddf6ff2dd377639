import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_ERROR_CLASSES, type ApiError, type KnownApiErrorCode } from '../src/errors/api-errors';
import { ApiErrorBase } from '../src/errors/api-error-base';
import { ApiError as ApiErrorClass, UnrecognizedApiError } from '../src/index';

/** Each field a known class adds to the common ones: the fields a narrowed error offers. */
type OwnFields<Code extends KnownApiErrorCode> = Exclude<keyof InstanceType<(typeof API_ERROR_CLASSES)[Code]>, keyof ApiErrorBase<string>>;
type EveryOwnField = { [Code in KnownApiErrorCode]: OwnFields<Code> }[KnownApiErrorCode];

describe('narrowing an ApiError by its code', () => {
  it('UnrecognizedApiError declares every field a known class adds, so `err.code === X` then `err.field` compiles', () => {
    // `err.code === 'CHANNEL_ALREADY_EXISTS'` narrows to that class or UnrecognizedApiError (its code is
    // any string): a field the latter does not declare is a compile error in the user's code.
    expectTypeOf<Exclude<EveryOwnField, keyof UnrecognizedApiError>>().toEqualTypeOf<never>();
  });

  it('reads the extra fields after narrowing by code, as the README shows for `stream`', () => {
    const read = (err: unknown) => {
      if (!(err instanceof ApiErrorClass)) return undefined;
      if (err.code === 'CHANNEL_ALREADY_EXISTS') return err.channel_name;
      if (err.code === 'SYSTEM_GROUP_REQUIRED') return err.setting_name;
      if (err.code === 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED') return err.total_messages_in_topic;
      if (err.code === 'BAD_REQUEST') return err.errors;
      return undefined;
    };
    const init = { operation: 'channels.create', status: 400, code: 'CHANNEL_ALREADY_EXISTS', msg: "Channel 'Verona' already exists", data: { channel_name: 'Verona' } };
    const error: ApiError = new API_ERROR_CLASSES.CHANNEL_ALREADY_EXISTS(init);
    expect(read(error)).toBe('Verona');
    expect(read(new UnrecognizedApiError({ ...init, code: 'NEWER_CODE', data: { channel_name: 'Verona' } }))).toBeUndefined();
  });
});
