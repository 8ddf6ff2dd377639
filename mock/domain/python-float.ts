/**
 * Python's `repr()` of a float, as `json.dumps` writes one: the shortest digits that read back as
 * the same double (as JavaScript's), but fixed notation only while the decimal point falls within
 * 16 digits of the first and no more than 4 places before it, a `.0` on whole numbers, and an
 * exponent with a sign and at least two digits. `NaN` and the infinities never come from JSON.
 *
 * @example
 * pythonFloatRepr(1);     // '1.0'
 * pythonFloatRepr(1e16);  // '1e+16'
 * pythonFloatRepr(1e-5);  // '1e-05'
 */
export function pythonFloatRepr(value: number): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [mantissa = '0', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  // Where the decimal point falls, counted from the first digit: 0.d1d2... × 10^point.
  const point = Number(exponentText) + 1;
  if (point <= -4 || point > 16) {
    const exponent = point - 1;
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0] ?? '0'}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
