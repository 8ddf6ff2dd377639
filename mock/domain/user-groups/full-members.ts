import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { isProvisionalMember } from '../groups';
import type { MockState } from '../state';
import { changeTellingChannelAccess } from '../subscriptions/group-access-changes';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an account is too new, now, to be a full member: fewer whole days since it joined (on the
 * realm's clock) than the realm's `waiting_period_threshold`, as the server counts them
 * (`(now - date_joined).days`). Only members can be provisional; other roles are never.
 */
function isTooNew(state: MockState, user: Pick<UserRecord, 'date_joined'>): boolean {
  return Math.floor((state.clock.now() - user.date_joined) / DAY_MS) < state.realm.waiting_period_threshold;
}

/** The moment a member's account becomes old enough for full membership (on the realm's clock). */
function qualifiesAt(state: MockState, user: Pick<UserRecord, 'date_joined'>): number {
  return user.date_joined + state.realm.waiting_period_threshold * DAY_MS;
}

/**
 * Records whether a new account or one whose role just changed starts provisional: a member too
 * new for full membership (the server's `is_provisional_member` when it creates the account or
 * changes the role). Call it before telling the system groups the user joined.
 */
export function settleProvisionalStatus(state: MockState, user: UserRecord): void {
  const provisional = user.role === ROLE_VALUES.member && !isSystemBot(user) && isTooNew(state, user);
  const ids = state.realm.provisional_member_ids.filter((id) => id !== user.id);
  state.realm.provisional_member_ids = provisional ? [...ids, user.id].sort((a, b) => a - b) : ids;
  // One who no longer waits may leave the timer early: it then promotes nobody and is set again.
  if (provisional && qualifiesAt(state, user) < state.promotionTimer.due) setPromotionTimer(state, qualifiesAt(state, user));
}

function setPromotionTimer(state: MockState, due: number): void {
  state.promotionTimer.set(state.clock, due, () => {
    // Early when the clock was set back since: wait again for the same moment.
    if (state.clock.now() < due) setPromotionTimer(state, due);
    else promoteNewFullMembers(state);
  });
}

/**
 * Sets the realm's one waiting-period timer for the moment the next provisional member qualifies,
 * or none when nobody waits (the waiting period changed, members were promoted, a realm was reset
 * or restored).
 */
export function watchPendingPromotions(state: MockState): void {
  let due = Number.POSITIVE_INFINITY;
  for (const id of state.realm.provisional_member_ids) {
    const user = state.store.tables.user.get(id);
    if (user) due = Math.min(due, qualifiesAt(state, user));
  }
  setPromotionTimer(state, due);
}

/**
 * Recomputes who of the members (deactivated ones too, whose memberships the server keeps) is a
 * full member, as the server's `update_users_in_full_members_system_group` does, among
 * `candidates` or every member: members too new leave `role:fullmembers`, members old enough join
 * it. Each move is one `user_group` event to everyone (`remove_members` first, then
 * `add_members`), followed by the channels its users gain or lose sight of through that group.
 * Afterwards the realm's waiting-period timer is set for the next member to qualify.
 */
export function updateFullMembers(state: MockState, candidates?: readonly number[]): void {
  const groupId = state.realm.system_groups['role:fullmembers'];
  const users = candidates === undefined ? state.store.tables.user.all() : candidates.flatMap((id) => state.store.tables.user.get(id) ?? []);
  const members = users.filter((user) => user.role === ROLE_VALUES.member && !isSystemBot(user)).sort((a, b) => a.id - b.id);
  const leaving = members.filter((user) => !isProvisionalMember(state, user) && isTooNew(state, user)).map((user) => user.id);
  const joining = members.filter((user) => isProvisionalMember(state, user) && !isTooNew(state, user)).map((user) => user.id);
  if (leaving.length > 0) {
    changeTellingChannelAccess(state, [groupId], () => {
      state.realm.provisional_member_ids = [...state.realm.provisional_member_ids, ...leaving].sort((a, b) => a - b);
      state.events.record({ kind: 'user_group_changed', groupId, op: 'remove_members', userIds: leaving });
    });
  }
  if (joining.length > 0) {
    changeTellingChannelAccess(state, [groupId], () => {
      const joined = new Set(joining);
      state.realm.provisional_member_ids = state.realm.provisional_member_ids.filter((id) => !joined.has(id));
      state.events.record({ kind: 'user_group_changed', groupId, op: 'add_members', userIds: joining });
    });
  }
  watchPendingPromotions(state);
}

/**
 * The server's daily `promote_new_full_members` job, run before each request (as message
 * retention is) and by the realm's waiting-period timer at the moment the next provisional member
 * qualifies: those whose account has become old enough join `role:fullmembers`, with its events,
 * so a `ManualClock` moved past that moment promotes them then (a waiting long-poll hears of it).
 * Before that moment it does nothing. The server's job runs once a day, so a member may wait up
 * to a day longer there.
 */
export function promoteNewFullMembers(state: MockState): void {
  // Nobody waits (as in a realm without a waiting period, which the server's job leaves alone),
  // or nobody qualifies yet.
  if (state.clock.now() < state.promotionTimer.due) return;
  updateFullMembers(state, state.realm.provisional_member_ids);
}
