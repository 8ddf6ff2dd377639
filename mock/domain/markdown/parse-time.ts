// Offsets of the time zone abbreviations people commonly type, as the server's parser reads them.
const ZONE_OFFSETS: Readonly<Record<string, string>> = {
  UTC: '+00:00', GMT: '+00:00', Z: '+00:00',
  IST: '+05:30', CET: '+01:00', CEST: '+02:00', EET: '+02:00', EEST: '+03:00', BST: '+01:00',
  EST: '-05:00', EDT: '-04:00', CST: '-06:00', CDT: '-05:00', MST: '-07:00', MDT: '-06:00',
  PST: '-08:00', PDT: '-07:00', JST: '+09:00', AEST: '+10:00', AEDT: '+11:00',
};

const UNIX_TIME = /^\d+(?:\.\d+)?$/;
const ZONE_AT_END = /\s([A-Za-z]{1,4})$/;
const HAS_OFFSET = /(?:[+-]\d{2}:?\d{2}|Z)$/i;

function normalize(text: string): string {
  const withoutOrdinals = text.replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1');
  // `10:30PM` → `10:30 PM`
  const spacedMeridiem = withoutOrdinals.replace(/(\d)(am|pm)\b/gi, '$1 $2');
  const zone = ZONE_AT_END.exec(spacedMeridiem);
  const offset = zone ? ZONE_OFFSETS[(zone[1] ?? '').toUpperCase()] : undefined;
  if (zone && offset) return `${spacedMeridiem.slice(0, zone.index)} ${offset}`;
  if (HAS_OFFSET.test(spacedMeridiem)) return spacedMeridiem;
  // Times without a zone are UTC on the server.
  return /^\d{4}-\d{2}-\d{2}T/.test(spacedMeridiem) ? `${spacedMeridiem}Z` : `${spacedMeridiem} UTC`;
}

/**
 * The instant a `<time:...>` names, as the server writes it in `datetime` (`2017-06-05T22:30:00Z`),
 * or undefined when the text is no time. UNIX seconds, ISO 8601 and the usual written dates
 * (`Jun 5th 2017, 10:30PM`, `31 Dec 2017 5:30 am IST`) are read; a time without a zone is UTC.
 */
export function parseTimestamp(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const milliseconds = UNIX_TIME.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(normalize(trimmed));
  if (!Number.isFinite(milliseconds)) return undefined;
  const date = new Date(milliseconds);
  if (Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  return date.getUTCMilliseconds() === 0 ? iso.replace('.000Z', 'Z') : iso;
}
