import type { PushDeviceInfo } from '../../../src/schemas/push';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { ApiFailure } from '../errors';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { checkPushKey } from './push-key';

/** What `POST /mobile_push/register` carries, as the current server names it. */
export interface PushRegistrationInput {
  readonly token_kind: string;
  readonly push_account_id: number;
  readonly push_key: string;
  readonly bouncer_public_key: string;
  readonly encrypted_push_registration: string;
}

type E2eePushDevice = RecordOf<'e2eePushDevice'>;

function deviceKey(userId: number, pushAccountId: number): string {
  return `${userId}:${pushAccountId}`;
}

/** The server's `status` of a registration. */
function statusOf(device: E2eePushDevice): PushDeviceInfo['status'] {
  if (device.error_code !== null) return 'failed';
  return device.bouncer_device_id === null ? 'pending' : 'active';
}

/** `push_devices` of the register state: the user's registrations by `push_account_id`, as text. */
export function pushDevicesState(state: MockState, user: UserRecord): Record<string, PushDeviceInfo> {
  return Object.fromEntries(
    state.store.e2eePushDevicesOf(user.id).map((device) => [String(device.push_account_id), { status: statusOf(device), error_code: device.error_code }]),
  );
}

/**
 * The server's queue worker: hands the sealed registration to the bouncer, then stores the
 * bouncer's device ID or its refusal and tells the user's clients either way.
 */
function registerWithBouncer(state: MockState, device: E2eePushDevice, bouncerPublicKey: string): void {
  const answer = state.push.registerEncrypted(bouncerPublicKey);
  const base = { kind: 'push_device_changed', userId: device.user_id, pushAccountId: device.push_account_id } as const;
  if ('errorCode' in answer) {
    state.store.tables.e2eePushDevice.update(device.key, { error_code: answer.errorCode });
    state.events.record({ ...base, status: 'failed', errorCode: answer.errorCode });
    return;
  }
  state.store.tables.e2eePushDevice.update(device.key, { bouncer_device_id: answer.deviceId });
  state.events.record({ ...base, status: 'active' });
}

/**
 * `POST /mobile_push/register`: only a server that uses the bouncer registers devices. A
 * registration that did not fail is kept as it is (the request is idempotent); a new or failed
 * one is stored pending and handed to the bouncer. The server does that from a queue after
 * answering; the mock does it at once, so the `push_device` event is there by the time the
 * client reads the answer.
 */
export function registerPushDevice(state: MockState, user: UserRecord, input: PushRegistrationInput): void {
  if (!state.push.usesBouncer) {
    throw new ApiFailure('Server is not configured to use push notification service.', 'PUSH_SERVICE_NOT_CONFIGURED', 400);
  }
  // Before level 432 the client sent its public key, which the server stored unchecked.
  if (hasLevel(state, LEVEL.pushKey)) checkPushKey(input.push_key);
  const key = deviceKey(user.id, input.push_account_id);
  const existing = state.store.tables.e2eePushDevice.get(key);
  if (existing && existing.error_code === null) return;
  const fields = { token_kind: input.token_kind, push_key: input.push_key, error_code: null };
  const { e2eePushDevice } = state.store.tables;
  const device = existing
    ? e2eePushDevice.update(key, fields)
    : e2eePushDevice.insert({ key, user_id: user.id, push_account_id: input.push_account_id, bouncer_device_id: null, ...fields });
  registerWithBouncer(state, device, input.bouncer_public_key);
}
