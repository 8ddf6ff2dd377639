import { defineEndpoint } from '../contract/endpoint';
import { AddApnsTokenParams, PushResponse, PushTokenParams, TestNotificationParams } from '../schemas/push';

/** `POST /mobile_push/test_notification` (deprecated): a test notification to one or all of your devices. */
export const testNotify = defineEndpoint({
  id: 'test-notify',
  method: 'POST',
  path: '/mobile_push/test_notification',
  params: TestNotificationParams,
  response: PushResponse,
  access: { auth: 'api_key' },
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
  access: { auth: 'api_key' },
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
  access: { auth: 'api_key' },
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
  access: { auth: 'api_key' },
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
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});
