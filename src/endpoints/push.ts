import { defineEndpoint } from '../contract/endpoint';
import {
  AddApnsTokenParams,
  E2eeTestNotificationParams,
  PushResponse,
  PushTokenParams,
  RegisterPushDeviceParams,
  TestNotificationParams,
} from '../schemas/push';

/** `POST /mobile_push/test_notification` (deprecated): a test notification to one or all of your devices. */
export const testNotify = defineEndpoint({
  id: 'test-notify',
  method: 'POST',
  path: '/mobile_push/test_notification',
  params: TestNotificationParams,
  response: PushResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: false,
  featureLevel: 217,
});

/** `POST /users/me/apns_device_token`: register an iOS device for push notifications. */
export const addApnsToken = defineEndpoint({
  id: 'add-apns-token',
  method: 'POST',
  path: '/users/me/apns_device_token',
  params: AddApnsTokenParams,
  response: PushResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 1,
});

/** `DELETE /users/me/apns_device_token` (deprecated): unregister an iOS device. */
export const removeApnsToken = defineEndpoint({
  id: 'remove-apns-token',
  method: 'DELETE',
  path: '/users/me/apns_device_token',
  params: PushTokenParams,
  response: PushResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: false,
  featureLevel: 1,
});

/** `POST /users/me/android_gcm_reg_id`: register an Android device (FCM) for push notifications. */
export const addFcmToken = defineEndpoint({
  id: 'add-fcm-token',
  method: 'POST',
  path: '/users/me/android_gcm_reg_id',
  params: PushTokenParams,
  response: PushResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 1,
});

/** `DELETE /users/me/android_gcm_reg_id`: unregister an Android device. */
export const removeFcmToken = defineEndpoint({
  id: 'remove-fcm-token',
  method: 'DELETE',
  path: '/users/me/android_gcm_reg_id',
  params: PushTokenParams,
  response: PushResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: false,
  featureLevel: 1,
});

/**
 * `POST /mobile_push/register`: register a device for end-to-end encrypted push notifications.
 * The server answers at once and registers with the push bouncer after; a `push_device` event says
 * how that went.
 */
export const registerPushDevice = defineEndpoint({
  id: 'register-push-device',
  method: 'POST',
  path: '/mobile_push/register',
  params: RegisterPushDeviceParams,
  response: PushResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 406,
  // Servers from 406 to 431 took the client's public key instead: no way to say the same to them.
  requires: [{ param: 'push_key', since: 432 }],
});

/** `POST /mobile_push/e2ee/test_notification`: an end-to-end encrypted test notification to one or all of your registrations. */
export const e2eeTestNotify = defineEndpoint({
  id: 'e2ee-test-notify',
  method: 'POST',
  path: '/mobile_push/e2ee/test_notification',
  params: E2eeTestNotificationParams,
  response: PushResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: false,
  featureLevel: 420,
});
