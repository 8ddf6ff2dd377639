/**
 * Python's `round(value, digits)` of a float (1 <= digits <= 20): the decimal nearest to the exact
 * binary value, an exact tie going to the even digit. `toFixed` rounds the same exact value but
 * sends ties away from zero; a tie needs the value to be an odd multiple of 2^-(digits+1)
 * (0.0078125 at 6 digits), so only those are corrected.
 *
 * @example
 * pythonRound(1700000000.9999995, 6); // 1700000001
 * pythonRound(0.0078125, 6); // 0.007812 (toFixed gives 0.007813)
 */
export function pythonRound(value: number, digits: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  const halves = value * 2 ** (digits + 1);
  if (Number.isInteger(halves) && halves % 2 !== 0) {
    // The value has exactly digits+1 decimals, the last a 5: dropping it rounds toward zero.
    const towardZero = value.toFixed(digits + 1).slice(0, -1);
    if (Number(towardZero.at(-1)) % 2 === 0) return Number(towardZero);
  }
  return Number(value.toFixed(digits));
}
