import type { UserRecord } from '../../store/store';
import { unixSeconds } from '../clock';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';

/**
 * `POST /mobile_push/e2ee/test_notification`: a test notification (`type: "test"`) to the
 * registration `push_account_id`, or to all the user's registrations the bouncer took; pending
 * and failed ones are skipped. None: `NO_ACTIVE_PUSH_DEVICE`.
 */
export function sendE2eeTestNotification(state: MockState, user: UserRecord, pushAccountId: number | undefined): void {
  const devices = state.store
    .e2eePushDevicesOf(user.id)
    .filter((device) => device.bouncer_device_id !== null && (pushAccountId === undefined || device.push_account_id === pushAccountId));
  if (devices.length === 0) throw new ApiFailure('No active registered push device', 'NO_ACTIVE_PUSH_DEVICE', 400);
  const payload = {
    realm_url: state.realm.url,
    realm_name: state.realm.name,
    user_id: user.id,
    type: 'test',
    time: unixSeconds(state.clock),
  };
  for (const device of devices) {
    state.push.deliverEncrypted({
      user_id: user.id,
      push_account_id: device.push_account_id,
      token_kind: device.token_kind,
      device_id: device.bouncer_device_id as number,
      payload,
    });
  }
}
