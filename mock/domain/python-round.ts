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

/**
 * A whole number rounded to 2 significant digits as Python's `round(n, 2 - len(str(n)))` does: a
 * tie goes to the even digit (125 to 120).
 *
 * @example
 * toTwoSignificantDigits(125); // 120
 * toTwoSignificantDigits(135); // 140
 */
export function toTwoSignificantDigits(value: number): number {
  const scale = 10 ** Math.max(0, String(value).length - 2);
  const kept = Math.floor(value / scale);
  const dropped = value - kept * scale;
  const up = dropped * 2 > scale || (dropped * 2 === scale && kept % 2 === 1);
  return (up ? kept + 1 : kept) * scale;
}
