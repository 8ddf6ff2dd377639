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

/** The kind of token a device registers for end-to-end encrypted notifications: Apple's or Google's. */
export const PushTokenKind = z.enum(['apns', 'fcm']);

/**
 * Parameters of `POST /mobile_push/register` (feature level 406; `push_key` from 432, before
 * which servers took a `push_public_key`).
 */
export const RegisterPushDeviceParams = z.object({
  /** `apns` or `fcm`: the kind of the token inside `encrypted_push_registration`. */
  token_kind: PushTokenKind,
  /** A random 64-bit ID the client chose for this account on this install; repeat it to retry. */
  push_account_id: z.int(),
  /**
   * Base64 of the key the server encrypts notifications with: a 1-byte prefix naming the
   * cryptosystem (`0x31`: libsodium's `crypto_secretbox_easy`) then the 32-byte secret key.
   */
  push_key: z.string(),
  /** The push bouncer's public key that sealed `encrypted_push_registration`. */
  bouncer_public_key: z.string(),
  /** The device's token, kind, iOS app ID and a timestamp, sealed for the bouncer (base64). */
  encrypted_push_registration: z.string(),
});

/** Parameters of `POST /mobile_push/e2ee/test_notification` (feature level 420). */
export const E2eeTestNotificationParams = z.object({
  /** The registration to notify; omitted = every active registration of yours. */
  push_account_id: z.optional(z.int()),
});

/**
 * Where a device's registration with the push bouncer stands: `pending` while the server
 * registers it, `active` once registered, `failed` when the bouncer refused it.
 */
export const PushDeviceStatus = z.enum(['active', 'pending', 'failed']);

/** One of your registrations for end-to-end encrypted notifications, in the `push_devices` register state. */
export const PushDeviceInfo = z.looseObject({
  status: PushDeviceStatus,
  /**
   * Why the registration failed (`INVALID_BOUNCER_PUBLIC_KEY`, `BAD_REQUEST` for a registration the
   * bouncer could not read, `REQUEST_EXPIRED`); null unless `status` is `failed`.
   */
  error_code: z.nullable(z.string()),
});

/** A registration's state, as `push_devices` holds it. */
export type PushDeviceInfo = z.output<typeof PushDeviceInfo>;
