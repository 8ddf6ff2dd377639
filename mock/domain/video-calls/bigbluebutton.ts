import type { UserRecord } from '../../store/store';
import { LEVEL, hasLevel } from '../feature-levels';
import { randomBase32, randomInteger } from '../random';
import type { MockState } from '../state';
import { signObject } from './django-signer';

/** Where the server's join view is: a web path, not under `/api/v1`. */
const JOIN_PATH = '/calls/bigbluebutton/join';

/**
 * The details the server signs into a BigBlueButton join URL, in its key order. From level 337
 * the creator is the call's moderator and the call may be voice-only; before, a random moderator
 * password made everyone joining with the link a moderator.
 */
function bigBlueButtonCallDetails(
  state: MockState,
  creator: UserRecord,
  meetingName: string,
  voiceOnly: boolean,
): Record<string, unknown> {
  const meetingId = `zulip-${randomInteger(100_000_000_000, 999_999_999_999)}`;
  // The server's password is `b32encode(secrets.token_bytes(20))`: 32 characters.
  if (!hasLevel(state, LEVEL.bigBlueButtonModerator)) return { meeting_id: meetingId, name: meetingName, password: randomBase32(20) };
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
