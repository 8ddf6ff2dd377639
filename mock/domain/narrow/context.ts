import type { MessageRecord, UserRecord } from '../../store/store';
import type { MessageFlag } from '../../store/user-messages';
import type { MockState } from '../state';

/** Reads one of the viewer's flags on the message under test (false where they have no copy). */
export type FlagLookup = (flag: MessageFlag) => boolean;

/** A compiled condition on one message. */
export type MessageTest = (message: MessageRecord, hasFlag: FlagLookup) => boolean;

/** Who a narrow is evaluated for, and with which semantics. */
export interface NarrowContext {
  readonly state: MockState;
  readonly viewer: UserRecord;
  /**
   * `fetch`: history, matches_narrow and flag operations. `events`: an event queue's narrow, which
   * the server filters with its older event filter (`is:alerted` tests the `mentioned` flag, and a
   * channel or sender that does not exist simply matches nothing).
   */
  readonly flavor: 'fetch' | 'events';
}
