import { applyMessageRetention } from './messages/retention';
import { deliverDueScheduledMessages } from './scheduled-messages/delivery';
import type { MockState } from './state';
import { markInactiveChannelsIfDue } from './subscriptions/inactive-channels';
import { finishThumbnails } from './uploads/thumbnail-worker';
import { promoteNewFullMembers } from './user-groups/full-members';

/**
 * The realm's jobs whose moment has come on its clock (full-member promotion, retention,
 * thumbnails, the weekly inactive-channel job, scheduled messages and reminders): run before
 * every operation and file request, and when an administrator moves the clock
 * (`POST /__admin/clock`).
 *
 * @example
 * clock.advance(3_600_000);
 * runDueJobs(state); // a message scheduled within the hour is sent now
 */
export function runDueJobs(state: MockState): void {
  promoteNewFullMembers(state);
  applyMessageRetention(state);
  finishThumbnails(state);
  markInactiveChannelsIfDue(state);
  deliverDueScheduledMessages(state);
}
