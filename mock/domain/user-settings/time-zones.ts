import TIME_ZONE_LINKS from './time-zone-links.json';

const LINKS: Readonly<Record<string, string>> = TIME_ZONE_LINKS;
const LINKED_ZONES = new Set(Object.values(LINKS));
// The runtime's zones (ICU's names, some of them older aliases); the links add the IANA names.
const RUNTIME_ZONES = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

/** A time zone under its canonical IANA name: an alias such as `Asia/Calcutta` becomes `Asia/Kolkata`. */
export function canonicalTimeZone(name: string): string {
  return LINKS[name] ?? name;
}

/** Whether the server's time zone check (canonical name, then the zone database) accepts a name; `""` is no zone. */
export function isKnownTimeZone(name: string): boolean {
  const canonical = canonicalTimeZone(name);
  return RUNTIME_ZONES.has(canonical) || LINKED_ZONES.has(canonical);
}
