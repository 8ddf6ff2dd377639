import type { PushDeviceChanged } from './changes';
import type { EventQueue } from './queue';

/** `push_device`, for the queues of the registration's owner only; `error_code` only on a failure. */
export function renderPushDeviceEvent(queue: EventQueue, change: PushDeviceChanged) {
  if (queue.userId !== change.userId) return undefined;
  return {
    type: 'push_device',
    // As text, as the server sends it (the register state is keyed the same way).
    push_account_id: String(change.pushAccountId),
    status: change.status,
    ...(change.errorCode === undefined ? {} : { error_code: change.errorCode }),
  };
}
