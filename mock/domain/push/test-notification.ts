import type { UserRecord } from '../../store/store';
import { unixSeconds } from '../clock';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';

/**
 * `POST /mobile_push/test_notification`: a test notification (`event: "test"`) to the device
 * with this token, or to all the user's devices. Tokens the server or the bouncer does not know
 * are refused with their own codes; a user without devices gets nothing, silently. Through a
 * bouncer the devices are sent to one by one, so the first it does not know fails the request
 * after the earlier ones were notified.
 */
export function sendTestNotification(state: MockState, user: UserRecord, token: string | undefined): void {
  const devices = state.store.pushDevicesOf(user.id).filter((device) => token === undefined || device.token === token);
  if (token !== undefined && devices.length === 0) {
    throw new ApiFailure('Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN', 400);
  }
  if (token !== undefined && state.push.unknownToBouncer(user.id, token, true)) {
    throw new ApiFailure('Device not recognized by the push bouncer', 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', 400);
  }
  const payload = {
    event: 'test',
    realm_name: state.realm.name,
    realm_url: state.realm.url,
    realm_id: state.realm.id,
    user_id: user.id,
    time: unixSeconds(state.clock),
  };
  for (const device of devices) {
    if (state.push.unknownToBouncer(user.id, device.token, true)) {
      throw new ApiFailure('Device not recognized by the push bouncer', 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', 400);
    }
    state.push.deliver({ user_id: user.id, kind: device.kind, token: device.token, payload });
  }
}
