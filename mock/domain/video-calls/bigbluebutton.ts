import type { UserRecord } from '../../store/store';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { signObject } from './django-signer';

/** Where the server's join view is: a web path, not under `/api/v1`. */
const JOIN_PATH = '/calls/bigbluebutton/join';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A uniformly drawn integer from `low` to `high` inclusive (Python's `random.randint`), below 2**53. */
function randomInteger(low: number, high: number): number {
  const span = high - low + 1;
  const limit = Math.floor(2 ** 53 / span) * span;
  for (;;) {
    const [upper = 0, lower = 0] = crypto.getRandomValues(new Uint32Array(2));
    const drawn = (upper >>> 11) * 2 ** 32 + lower;
    if (drawn < limit) return low + (drawn % span);
  }
}

/** `b32encode(secrets.token_bytes(20))`: 32 characters, no padding (20 bytes are whole 5-byte groups). */
function randomBase32Password(): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(20))) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return text;
}

/**
 * The details the server signs into a BigBlueButton join URL, in its key order. From level 337
 * the creator is the call's moderator and the call may be voice-only; before, a random moderator
 * password made everyone joining with the link a moderator.
 */
export function bigBlueButtonCallDetails(
  state: MockState,
  creator: UserRecord,
  meetingName: string,
  voiceOnly: boolean,
): Record<string, unknown> {
  const meetingId = `zulip-${randomInteger(100_000_000_000, 999_999_999_999)}`;
  if (!hasLevel(state, LEVEL.bigBlueButtonModerator)) return { meeting_id: meetingId, name: meetingName, password: randomBase32Password() };
  return { meeting_id: meetingId, name: meetingName, lock_settings_disable_cam: voiceOnly, moderator: creator.id };
}

/**
 * `GET /calls/bigbluebutton/create`: the join path with the call's details signed with the
 * server's secret key. The server neither stores the call nor checks that BigBlueButton is
 * configured: only joining does (`BigBlueButton is not configured.`).
 */
export function bigBlueButtonUrl(state: MockState, creator: UserRecord, meetingName: string, voiceOnly: boolean): string {
  const signed = signObject(bigBlueButtonCallDetails(state, creator, meetingName, voiceOnly), state.secretKey);
  return `${JOIN_PATH}?bigbluebutton=${signed}`;
}
