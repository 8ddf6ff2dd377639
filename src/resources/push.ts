import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { addApnsToken, addFcmToken, e2eeTestNotify, registerPushDevice, removeApnsToken, removeFcmToken, testNotify } from '../endpoints/push';
import type { EndpointCaller } from './caller';

/**
 * Mobile push notification devices of the caller (human users only): `client.push`.
 *
 * @example
 * await client.push.testNotification();
 */
export class PushResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Sends a test notification to the device with `token`, or to all your devices (`POST /mobile_push/test_notification`).
   *
   * @example
   * await client.push.addFcmToken({ token: 'fcm-registration-id' });
   * await client.push.testNotification({ token: 'fcm-registration-id' }); // a token registered with addApnsToken or addFcmToken
   */
  testNotification(params: EndpointParams<typeof testNotify> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof testNotify>> {
    return this.#call(testNotify, params, options);
  }

  /**
   * Registers an iOS device token (`POST /users/me/apns_device_token`).
   *
   * @example
   * await client.push.addApnsToken({ token: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00', appid: 'org.zulip.Zulip' }); // the device token, in hex
   */
  addApnsToken(params: EndpointParams<typeof addApnsToken>, options?: CallOptions): ApiCall<EndpointResult<typeof addApnsToken>> {
    return this.#call(addApnsToken, params, options);
  }

  /**
   * Unregisters an iOS device token (`DELETE /users/me/apns_device_token`).
   *
   * @example
   * await client.push.addApnsToken({ token: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00', appid: 'org.zulip.Zulip' });
   * await client.push.removeApnsToken({ token: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00' });
   */
  removeApnsToken(params: EndpointParams<typeof removeApnsToken>, options?: CallOptions): ApiCall<EndpointResult<typeof removeApnsToken>> {
    return this.#call(removeApnsToken, params, options);
  }

  /**
   * Registers an Android (FCM) device token (`POST /users/me/android_gcm_reg_id`).
   *
   * @example
   * await client.push.addFcmToken({ token: 'fcm-registration-id' }); // Firebase's registration ID of this device
   */
  addFcmToken(params: EndpointParams<typeof addFcmToken>, options?: CallOptions): ApiCall<EndpointResult<typeof addFcmToken>> {
    return this.#call(addFcmToken, params, options);
  }

  /**
   * Unregisters an Android (FCM) device token (`DELETE /users/me/android_gcm_reg_id`).
   *
   * @example
   * await client.push.addFcmToken({ token: 'fcm-registration-id' });
   * await client.push.removeFcmToken({ token: 'fcm-registration-id' });
   */
  removeFcmToken(params: EndpointParams<typeof removeFcmToken>, options?: CallOptions): ApiCall<EndpointResult<typeof removeFcmToken>> {
    return this.#call(removeFcmToken, params, options);
  }

  /**
   * Registers this install's account for end-to-end encrypted notifications (`POST
   * /mobile_push/register`, feature level 406). The server answers before the push bouncer has
   * the registration: a `push_device` event (and `push_devices` in the register state) says
   * whether it became `active` or `failed`. Registering the same `push_account_id` again changes
   * nothing unless the earlier registration failed.
   *
   * @example
   * // `bouncerPublicKey`: the push bouncer's public key; the app seals the registration with it (base64 text).
   * const sealedRegistration = 'sealed-registration';
   * await client.push.registerDevice({
   *   token_kind: 'fcm',
   *   push_account_id: 2408,
   *   push_key: 'MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301',
   *   bouncer_public_key: bouncerPublicKey,
   *   encrypted_push_registration: sealedRegistration,
   * });
   */
  registerDevice(params: EndpointParams<typeof registerPushDevice>, options?: CallOptions): ApiCall<EndpointResult<typeof registerPushDevice>> {
    return this.#call(registerPushDevice, params, options);
  }

  /**
   * Sends an end-to-end encrypted test notification to the registration `push_account_id`, or to
   * all your active registrations (`POST /mobile_push/e2ee/test_notification`, feature level 420).
   * None active: `NO_ACTIVE_PUSH_DEVICE`.
   *
   * @example
   * const push_key = 'MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301';
   * await client.push.registerDevice({ token_kind: 'fcm', push_account_id: 2408, push_key, bouncer_public_key: bouncerPublicKey, encrypted_push_registration: 'sealed-registration' });
   * await client.push.e2eeTestNotification({ push_account_id: 2408 });
   */
  e2eeTestNotification(
    params: EndpointParams<typeof e2eeTestNotify> = {},
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof e2eeTestNotify>> {
    return this.#call(e2eeTestNotify, params, options);
  }
}
