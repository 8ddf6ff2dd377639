/**
 * The time zone abbreviations the server reads in `<time:...>`, with their offsets in seconds:
 * its `common_timezones` (zerver/lib/timezone.py), handed to `dateutil.parser.parse` as `tzinfos`.
 * Facts copied from Zulip 10.2. `ChST` is there too but never matches: dateutil takes a word for
 * a zone name only when it is all capitals.
 */
export const ZONE_ABBREVIATION_OFFSETS: Readonly<Record<string, number>> = {
  SST: -39600, HST: -36000, AKST: -32400, HDT: -32400, AKDT: -28800, PST: -28800, MST: -25200,
  PDT: -25200, CST: -21600, MDT: -21600, CDT: -18000, EST: -18000, AST: -14400, EDT: -14400,
  NST: -12600, ADT: -10800, NDT: -9000, GMT: 0, UTC: 0, WET: 0, BST: 3600, CET: 3600, MET: 3600,
  WAT: 3600, WEST: 3600, CAT: 7200, CEST: 7200, EET: 7200, MEST: 7200, SAST: 7200, EAT: 10800,
  EEST: 10800, IDT: 10800, MSK: 10800, PKT: 18000, IST: 19800, WIB: 25200, AWST: 28800, HKT: 28800,
  WITA: 28800, JST: 32400, KST: 32400, WIT: 32400, ACST: 34200, AEST: 36000, ChST: 36000,
  ACDT: 37800, AEDT: 39600, NZST: 43200, NZDT: 46800,
};

/** An offset in seconds as an ISO 8601 suffix: `-12600` is `-03:30`. */
export function isoOffset(seconds: number): string {
  const minutes = Math.abs(seconds) / 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${seconds < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
