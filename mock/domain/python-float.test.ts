import { describe, expect, it } from 'vitest';
import { pythonFloatRepr } from './python-float';

describe("Python's repr of a float", () => {
  // What CPython answers for repr(float(x)).
  it.each([
    [1, '1.0'],
    [-0, '-0.0'],
    [0, '0.0'],
    [1.5, '1.5'],
    [-2.25, '-2.25'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e+16'],
    [1.5e16, '1.5e+16'],
    [123456789012345680, '1.2345678901234568e+17'],
    [1e100, '1e+100'],
    [0.0001, '0.0001'],
    [0.00012, '0.00012'],
    [1e-5, '1e-05'],
    [-1.25e-7, '-1.25e-07'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [0.1, '0.1'],
    [123.456, '123.456'],
    [1e21, '1e+21'],
  ])('%s is %s', (value, repr) => {
    expect(pythonFloatRepr(value)).toBe(repr);
  });
});
