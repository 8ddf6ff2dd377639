import { badRequest } from './errors';
import { parseUserAgent, versionLessThan } from './user-agent';

/**
 * The first Zulip mobile release the server lets through on Android (2018-08-22: it fixed the
 * app's broken notifications once the server removes push notifications). The server has no
 * minimum on iOS.
 */
const ANDROID_MIN_APP_VERSION = '16.2.96';

// Python's `\b` around a word, where any letter or number is a word character (`é` in `éAndroid` too).
const ANDROID = /(?<![\p{L}\p{N}_])android(?![\p{L}\p{N}_])/iu;
const IOS = /(?<![\p{L}\p{N}_])(?:ios|iphone os)(?![\p{L}\p{N}_])/iu;

/**
 * The mobile OS a `User-Agent` names (the server's `find_mobile_os`): Android first, then iOS.
 *
 * @example
 * findMobileOs('ZulipMobile/27.230 (Android 14)'); // 'android'
 */
function findMobileOs(userAgent: string): 'android' | 'ios' | undefined {
  if (ANDROID.test(userAgent)) return 'android';
  if (IOS.test(userAgent)) return 'ios';
  return undefined;
}

/**
 * The server's global compatibility check (`GET /compatibility`): throws its refusal of a request
 * without a `User-Agent` header (an empty one is one), of the test client `ZulipInvalid`, and of
 * the mobile app on Android before {@link ANDROID_MIN_APP_VERSION}, each a 400 `BAD_REQUEST`.
 * `Client is too old` is not translated, since old clients look for that text.
 *
 * @example
 * checkGlobalCompatibility('ZulipMobile/16.2.95 (Android 9)'); // throws ApiFailure: Client is too old
 */
export function checkGlobalCompatibility(userAgent: string | null): void {
  if (userAgent === null) throw badRequest('User-Agent header missing from request');
  const { name, version } = parseUserAgent(userAgent);
  if (name === 'ZulipInvalid') throw badRequest('Client is too old');
  // A version that cannot be compared (not numeric) is not refused. Nor is none, where the
  // server fails (HTTP 500: its version_lt reads None) and the mock answers no request with a 500.
  const tooOld = version !== undefined && versionLessThan(version, ANDROID_MIN_APP_VERSION) === true;
  if (name === 'ZulipMobile' && findMobileOs(userAgent) === 'android' && tooOld) throw badRequest('Client is too old');
}
