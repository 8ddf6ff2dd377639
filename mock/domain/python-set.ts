/** CPython's set table: the smallest table, linear probes before perturbing, perturbation shift. */
const MIN_SIZE = 8;
const LINEAR_PROBES = 9n;
const PERTURB_SHIFT = 5n;
const HASH_MODULUS = 2n ** 61n - 1n;
const SIZE_T = 2n ** 64n;

/** Python's `hash()` of an int, as the table's unsigned `size_t`. */
function intHash(value: number): bigint {
  const magnitude = BigInt(Math.abs(value)) % HASH_MODULUS;
  if (value >= 0) return magnitude;
  // -1 is the C API's error value, so hash(-1) is -2.
  return SIZE_T - (magnitude === 1n ? 2n : magnitude);
}

interface Entry {
  readonly key: number;
  readonly hash: bigint;
}

/** Places an entry with CPython's probe sequence; false when the key is there already. */
function insert(table: (Entry | undefined)[], entry: Entry): boolean {
  const mask = BigInt(table.length - 1);
  let slot = entry.hash & mask;
  let perturb = entry.hash;
  for (;;) {
    const last = slot + LINEAR_PROBES <= mask ? slot + LINEAR_PROBES : slot;
    for (let index = Number(slot); index <= Number(last); index += 1) {
      const found = table[index];
      if (found === undefined) {
        table[index] = entry;
        return true;
      }
      if (found.key === entry.key) return false;
    }
    perturb >>= PERTURB_SHIFT;
    slot = (slot * 5n + 1n + perturb) & mask;
  }
}

/**
 * The order in which Python iterates `set(values)` for a list of ints: the server loops over such
 * sets, and the first value a check fails on is the one its error names (`Invalid user ID 5`
 * for `to=[999, 5]`). Emulates CPython's table: inserts in list order, grows the table when
 * it is 3/5 full (re-inserting in slot order), then reads the slots in order.
 *
 * @example
 * pythonSetOrder([999, 5]); // [5, 999]
 */
export function pythonSetOrder(values: readonly number[]): number[] {
  let table = new Array<Entry | undefined>(MIN_SIZE);
  let used = 0;
  for (const key of values) {
    if (!insert(table, { key, hash: intHash(key) })) continue;
    used += 1;
    if (used * 5 < (table.length - 1) * 3) continue;
    const wanted = used > 50_000 ? used * 2 : used * 4;
    let size = MIN_SIZE;
    while (size <= wanted) size *= 2;
    const entries = table.filter((entry) => entry !== undefined);
    table = new Array<Entry | undefined>(size);
    for (const entry of entries) insert(table, entry);
  }
  return table.flatMap((entry) => (entry ? [entry.key] : []));
}
