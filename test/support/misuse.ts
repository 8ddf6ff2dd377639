import { expect } from 'vitest';
import { MockMisuseError } from '../../mock/index';

/** The message of the {@link MockMisuseError} an action throws; fails the test on anything else. */
export function misuse(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(MockMisuseError);
    return (error as Error).message;
  }
  throw new Error('expected a MockMisuseError');
}

/** Options as JavaScript (or TypeScript with a cast) passes them: any keys, any values. */
export const loose = <T>(value: Record<string, unknown>): T => value as T;
