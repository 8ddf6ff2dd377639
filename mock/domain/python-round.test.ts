import { describe, expect, it } from 'vitest';
import { pythonRound, toTwoSignificantDigits } from './python-round';

describe('pythonRound', () => {
  // Each expectation is what `round(value, 6)` printed on CPython 3.11.
  it.each([
    [0.0078125, 0.007812],
    [-0.0078125, -0.007812],
    [0.0234375, 0.023438],
    [1700000000.0078125, 1700000000.007812],
    [1700000000.9999995, 1700000001],
    [-1e-7, -0],
    [2.5e-7, 0],
    [123.4567895, 123.456789],
    [1_700_000_000, 1_700_000_000],
  ])('round(%d, 6) is %d', (value, expected) => {
    expect(Object.is(pythonRound(value, 6), expected)).toBe(true);
  });
});

describe('toTwoSignificantDigits', () => {
  // Each expectation is what `round(n, 2 - len(str(n)))` gives on CPython 3.11.
  it.each([
    [0, 0],
    [7, 7],
    [99, 99],
    [125, 120],
    [135, 140],
    [995, 1000],
    [1250, 1200],
    [1251, 1300],
  ])('%d to %d', (value, expected) => {
    expect(toTwoSignificantDigits(value)).toBe(expected);
  });
});
