/** The edit distance between two strings (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row++) {
    const current = [row];
    for (let column = 1; column <= b.length; column++) {
      const substitution = (previous[column - 1] ?? 0) + (a[row - 1] === b[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** `inviteOnly`, `invite-only`, `baseURL` and `base_url` compare alike. */
function folded(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/** Names longer than this get no hint: comparing costs the product of the lengths. */
const MAX_HINTED = 200;

/**
 * The known names close enough to `wanted` to be what was meant (a typo, another case style), at
 * most `limit`, nearest first; none when nothing is close. For "did you mean" in teaching messages.
 *
 * @example
 * closestNames('--stat', ['--state', '--seed', '--port']); // ['--state']
 */
export function closestNames(wanted: string, known: readonly string[], limit = 3): string[] {
  if (wanted.length > MAX_HINTED) return [];
  const target = folded(wanted);
  // A third of the name may differ (at least 2 characters), so `colour` suggests nothing for `role`.
  const tolerance = Math.max(2, Math.floor(target.length / 3));
  return [...new Set(known)]
    .map((name) => ({ name, distance: editDistance(target, folded(name)) }))
    .filter(({ distance }) => distance <= tolerance)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map(({ name }) => name);
}

/**
 * The known name `given` most likely means: its synonym in `aliases` when that is a known name
 * (`private` for `invite_only`), else the closest known name; undefined when none is close.
 *
 * @example
 * meantName('private', ['name', 'invite_only'], { private: 'invite_only' }); // 'invite_only'
 */
export function meantName(given: string, known: readonly string[], aliases: Readonly<Record<string, string>> = {}): string | undefined {
  // Own keys only: `constructor` or `toString` would otherwise find Object.prototype's functions.
  const alias = Object.hasOwn(aliases, given) ? aliases[given] : undefined;
  return alias !== undefined && known.includes(alias) ? alias : closestNames(given, known, 1)[0];
}

/** The part of an address before its last `@`, and the domain after it. */
function addressParts(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return at < 0 ? [address.toLowerCase(), ''] : [address.slice(0, at).toLowerCase(), address.slice(at + 1).toLowerCase()];
}

/**
 * The known address `given` most likely means, comparing the name and the domain each on its own:
 * in a realm where every address shares a domain, a distance over the whole address would offer
 * `boss@zulip.com` for `nobody@zulip.com`; the same name in any other domain is offered. Undefined
 * when none is close.
 *
 * @example
 * meantAddress('hamlet@zulip.org', ['hamlet@zulip.com', 'iago@zulip.com']); // 'hamlet@zulip.com'
 * meantAddress('nobody@zulip.com', ['boss@zulip.com']); // undefined
 * meantAddress('standup-bot@zulip.com', ['standup-bot@zulip.testserver']); // the very name elsewhere
 */
export function meantAddress(given: string, known: readonly string[]): string | undefined {
  if (given.length > MAX_HINTED) return undefined;
  const [name, domain] = addressParts(given);
  const nameTolerance = Math.max(1, Math.floor(name.length / 3));
  const domainTolerance = Math.max(2, Math.floor(domain.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const address of known) {
    const [knownName, knownDomain] = addressParts(address);
    const nameDistance = editDistance(name, knownName);
    if (nameDistance > nameTolerance) continue;
    const domainDistance = editDistance(domain, knownDomain);
    // The very name in another domain (a bot's made-up domain, say) is surely the one meant.
    if ((domainDistance > domainTolerance && nameDistance > 0) || nameDistance + domainDistance >= bestDistance) continue;
    best = address;
    bestDistance = nameDistance + domainDistance;
  }
  return best;
}
