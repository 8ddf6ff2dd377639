/**
 * What a stored scheduled message is (the server's `ScheduledMessage.delivery_type`): a message
 * to send later as its sender, or a reminder Notification Bot sends its owner. The two share one
 * table, one delivery worker and one ID sequence, and neither's endpoints see the other.
 */
export const DELIVERY_TYPE = { sendLater: 'send_later', remind: 'remind' } as const;

/** One of {@link DELIVERY_TYPE}'s values. */
export type DeliveryType = (typeof DELIVERY_TYPE)[keyof typeof DELIVERY_TYPE];
