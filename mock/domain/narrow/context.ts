import type { MessageRecord, UserRecord } from '../../store/store';
import type { MessageFlag } from '../../store/user-messages';
import type { MockState } from '../state';

/** Reads one of the viewer's flags on the message under test (false where they have no copy). */
export type FlagLookup = (flag: MessageFlag) => boolean;

/** A compiled condition on one message. */
export type MessageTest = (message: MessageRecord, hasFlag: FlagLookup) => boolean;

/**
 * Who a narrow is evaluated for (history, matches_narrow and flag operations; an event queue's
 * narrow is the server's separate event filter, in `events/narrow.ts`).
 */
export interface NarrowContext {
  readonly state: MockState;
  readonly viewer: UserRecord;
}
