import * as z from 'zod/mini';
import { successBody } from './common';

/** Parameters of `POST /mobile_push/test_notification`. */
export const TestNotificationParams = z.object({
  /** The device to notify; omitted = every device of yours. */
  token: z.optional(z.string()),
});

/** Parameters of `POST /users/me/apns_device_token`. */
export const AddApnsTokenParams = z.object({
  /** The device token (base64 or hex), 1 to 4096 characters. */
  token: z.string(),
  /** The iOS app's bundle ID. */
  appid: z.string(),
});

/** Parameters of the token removals, and of `POST /users/me/android_gcm_reg_id`. */
export const PushTokenParams = z.object({
  /** The device token, 1 to 4096 characters. */
  token: z.string(),
});

/** Success body of the push operations: nothing beyond success. */
export const PushResponse = successBody({});
