import type { push } from '../../src/endpoints/index';
import { sendTestNotification } from '../domain/push/test-notification';
import { registerPushDevice } from '../domain/push/e2ee-registration';
import { sendE2eeTestNotification } from '../domain/push/e2ee-test-notification';
import { addPushDevice, removePushDevice } from '../domain/push/tokens';
import type { Implementation } from '../http/operation';

/** Push devices and the test notifications: decode → domain → empty payload. */
export const pushRoutes = {
  testNotify: ({ state, user, params }) => {
    sendTestNotification(state, user, params.token);
    return {};
  },
  addApnsToken: ({ state, user, params }) => {
    addPushDevice(state, user, 'apns', params.token, params.appid);
    return {};
  },
  removeApnsToken: ({ state, user, params }) => {
    removePushDevice(state, user, 'apns', params.token);
    return {};
  },
  addFcmToken: ({ state, user, params }) => {
    addPushDevice(state, user, 'fcm', params.token, null);
    return {};
  },
  removeFcmToken: ({ state, user, params }) => {
    removePushDevice(state, user, 'fcm', params.token);
    return {};
  },
  registerPushDevice: ({ state, user, params }) => {
    registerPushDevice(state, user, params);
    return {};
  },
  e2eeTestNotify: ({ state, user, params }) => {
    sendE2eeTestNotification(state, user, params.push_account_id);
    return {};
  },
} satisfies { [Name in keyof typeof push]: Implementation<(typeof push)[Name]> };
