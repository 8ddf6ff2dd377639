import { isoOffset, ZONE_ABBREVIATION_OFFSETS } from './zone-abbreviations';

// dateutil reads a final word of one to five capitals as a zone name, unless it is a month or a meridiem.
const ZONE_AT_END = /\s([A-Z]{1,5})$/;
const NOT_ZONE_NAMES: ReadonlySet<string> = new Set([
  'A', 'P', 'AM', 'PM', 'JAN', 'FEB', 'MAR', 'MARCH', 'APR', 'APRIL', 'MAY', 'JUN', 'JUNE', 'JUL', 'JULY', 'AUG', 'SEP', 'SEPT', 'OCT', 'NOV', 'DEC',
]);
// A zone name not in capitals is no word dateutil knows (JavaScript's parser would take `est`).
const LOWER_CASE_ZONE_AT_END = /\s([A-Za-z]{2,5})$/;
const UNIX_TIME = /^\d+(?:\.\d+)?$/;
const HAS_OFFSET = /(?:[+-]\d{2}:?\d{2}|Z)$/i;

function isZoneNotInCapitals(text: string): boolean {
  const word = LOWER_CASE_ZONE_AT_END.exec(text)?.[1];
  return word !== undefined && word !== word.toUpperCase() && ['UT', ...Object.keys(ZONE_ABBREVIATION_OFFSETS)].includes(word.toUpperCase());
}

function normalize(text: string): string | undefined {
  const withoutOrdinals = text.replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1');
  // `10:30PM` → `10:30 PM`
  const spacedMeridiem = withoutOrdinals.replace(/(\d)(am|pm)\b/gi, '$1 $2');
  if (isZoneNotInCapitals(spacedMeridiem)) return undefined;
  const zone = ZONE_AT_END.exec(spacedMeridiem);
  const name = zone?.[1];
  if (zone && name !== undefined && !NOT_ZONE_NAMES.has(name)) {
    // A zone name the server does not know leaves the time without a zone: UTC, as below.
    return `${spacedMeridiem.slice(0, zone.index)} ${isoOffset(ZONE_ABBREVIATION_OFFSETS[name] ?? 0)}`;
  }
  if (HAS_OFFSET.test(spacedMeridiem)) return spacedMeridiem;
  // Times without a zone are UTC on the server.
  return /^\d{4}-\d{2}-\d{2}T/.test(spacedMeridiem) ? `${spacedMeridiem}Z` : `${spacedMeridiem} UTC`;
}

// Python's datetime, which the server's instants go through, holds only the years 1 to 9999.
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const AFTER_LAST_INSTANT = Date.parse('+010000-01-01T00:00:00Z');

// Python's `round`: halves go to the even neighbour.
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const rest = value - floor;
  if (rest !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Seconds and microseconds of UNIX seconds, split as Python's `datetime.fromtimestamp` splits them. */
function unixInstant(seconds: number): { milliseconds: number; microseconds: number } {
  let whole = Math.trunc(seconds);
  let microseconds = roundHalfEven((seconds - whole) * 1e6);
  if (microseconds >= 1e6) {
    whole += 1;
    microseconds -= 1e6;
  }
  return { milliseconds: whole * 1000, microseconds };
}

/**
 * The instant a `<time:...>` names, as the server writes it in `datetime` (`2017-06-05T22:30:00Z`,
 * `2017-06-05T22:30:00.500000Z`: Python's `isoformat`, microseconds only when there are some),
 * or undefined when the text is no time. UNIX seconds, ISO 8601 and the usual written dates
 * (`Jun 5th 2017, 10:30PM`, `31 Dec 2017 5:30 am IST`) are read; a time without a zone is UTC.
 * An instant outside the years 1 to 9999 in UTC is no time, as Python's datetime refuses it.
 */
export function parseTimestamp(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  let milliseconds: number;
  let microseconds: number;
  if (UNIX_TIME.test(trimmed)) {
    ({ milliseconds, microseconds } = unixInstant(Number(trimmed)));
  } else {
    const normalized = normalize(trimmed);
    milliseconds = normalized === undefined ? Number.NaN : Date.parse(normalized);
    microseconds = (((milliseconds % 1000) + 1000) % 1000) * 1000;
    milliseconds -= microseconds / 1000;
  }
  if (!Number.isFinite(milliseconds) || milliseconds < FIRST_INSTANT || milliseconds >= AFTER_LAST_INSTANT) return undefined;
  const seconds = new Date(milliseconds).toISOString().slice(0, 19);
  return microseconds === 0 ? `${seconds}Z` : `${seconds}.${String(microseconds).padStart(6, '0')}Z`;
}
