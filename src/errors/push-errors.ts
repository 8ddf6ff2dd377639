import { ApiErrorBase } from './api-error-base';

/**
 * `INVALID_PUSH_DEVICE_TOKEN`: the device token is not registered for the caller on this server.
 *
 * @example
 * const failure = await client.push.testNotification({ token: 'a-token-this-server-never-saw' }).catch((error: unknown) => error);
 * if (failure instanceof InvalidPushDeviceTokenError) console.log(failure.message);
 */
export class InvalidPushDeviceTokenError extends ApiErrorBase<'INVALID_PUSH_DEVICE_TOKEN'> {
  override readonly name: string = 'InvalidPushDeviceTokenError';
}

/**
 * `INVALID_REMOTE_PUSH_DEVICE_TOKEN`: the server knows the device token, its push bouncer does not.
 *
 * @example
 * // On a server that sends through a push bouncer (`bouncerPublicKey` is its key), a token the bouncer never saw:
 * await client.push.addFcmToken({ token: 'a-token-the-bouncer-never-saw' });
 * const failure = await client.push.testNotification({ token: 'a-token-the-bouncer-never-saw' }).catch((error: unknown) => error);
 * if (failure instanceof InvalidRemotePushDeviceTokenError) console.log(failure.message);
 */
export class InvalidRemotePushDeviceTokenError extends ApiErrorBase<'INVALID_REMOTE_PUSH_DEVICE_TOKEN'> {
  override readonly name: string = 'InvalidRemotePushDeviceTokenError';
}

/**
 * `PUSH_SERVICE_NOT_CONFIGURED`: the server sends no notifications through the push bouncer, so it
 * cannot register devices for end-to-end encrypted notifications (feature level 406).
 *
 * @example
 * const registration = { token_kind: 'fcm', push_account_id: 2408, push_key: 'MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301', bouncer_public_key: 'key', encrypted_push_registration: 'sealed' } as const;
 * const failure = await client.push.registerDevice(registration).catch((error: unknown) => error);
 * if (failure instanceof PushServiceNotConfiguredError) console.log(failure.message);
 */
export class PushServiceNotConfiguredError extends ApiErrorBase<'PUSH_SERVICE_NOT_CONFIGURED'> {
  override readonly name: string = 'PushServiceNotConfiguredError';
}

/**
 * `NO_ACTIVE_PUSH_DEVICE`: no registration (or not the one named) is active for end-to-end
 * encrypted notifications (feature level 420).
 *
 * @example
 * const failure = await client.push.e2eeTestNotification().catch((error: unknown) => error);
 * if (failure instanceof NoActivePushDeviceError) console.log(failure.message);
 */
export class NoActivePushDeviceError extends ApiErrorBase<'NO_ACTIVE_PUSH_DEVICE'> {
  override readonly name: string = 'NoActivePushDeviceError';
}
