import { describe, expect, it } from 'vitest';
import { pythonSetOrder } from './python-set';

describe('pythonSetOrder', () => {
  // Each expectation is what `list(set(values))` printed on CPython 3.11.
  it.each([
    [[999, 5], [5, 999]],
    [[1001, 17, 9], [1001, 17, 9]],
    [[-1, -2, 3], [3, -1, -2]],
    [[1004, 1005, 1006, 1012, 1020, 1028, 1036, 1044], [1028, 1004, 1005, 1006, 1036, 1012, 1044, 1020]],
    [[8, 16, 0, 24], [8, 16, 0, 24]],
    [[3, 3, 1, 1], [1, 3]],
    [Array.from({ length: 20 }, (_, index) => 20 - index), Array.from({ length: 20 }, (_, index) => index + 1)],
  ])('iterates set(%j) as %j', (values, expected) => {
    expect(pythonSetOrder(values)).toEqual(expected);
  });
});
