import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { isProvisionalMember } from '../groups';
import type { MockState } from '../state';
import { changeTellingChannelAccess } from '../subscriptions/group-access-changes';
import { setClockTimer } from '../clock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an account is too new, now, to be a full member: fewer whole days since it joined (on the
 * realm's clock) than the realm's `waiting_period_threshold`, as the server counts them
 * (`(now - date_joined).days`). Only members can be provisional; other roles are never.
 */
function isTooNew(state: MockState, user: Pick<UserRecord, 'date_joined'>): boolean {
  return Math.floor((state.clock.now() - user.date_joined) / DAY_MS) < state.realm.waiting_period_threshold;
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
  if (provisional) watchPromotion(state, user);
}

/** Runs {@link promoteNewFullMembers} when the realm's clock reaches the moment a provisional member qualifies. */
function watchPromotion(state: MockState, user: Pick<UserRecord, 'date_joined'>): void {
  const due = user.date_joined + state.realm.waiting_period_threshold * DAY_MS;
  // Nothing is lost if it fires early (an `OffsetClock` set back, the period lengthened since): the next request catches up.
  setClockTimer(state.clock, due - state.clock.now(), () => promoteNewFullMembers(state));
}

/** Arms {@link watchPromotion} for every provisional member (the waiting period changed; a realm was reset or restored). */
export function watchPendingPromotions(state: MockState): void {
  for (const id of state.realm.provisional_member_ids) {
    const user = state.store.tables.user.get(id);
    if (user) watchPromotion(state, user);
  }
}

/**
 * Recomputes who of the members (deactivated ones too, whose memberships the server keeps) is a
 * full member, as the server's `update_users_in_full_members_system_group` does, among
 * `candidates` or every member: members too new leave `role:fullmembers`, members old enough join
 * it. Each move is one `user_group` event to everyone (`remove_members` first, then
 * `add_members`), followed by the channels its users gain or lose sight of through that group.
 * A recomputation of every member (a new waiting period) watches the clock for the provisional ones.
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
      state.realm.provisional_member_ids = state.realm.provisional_member_ids.filter((id) => !joining.includes(id));
      state.events.record({ kind: 'user_group_changed', groupId, op: 'add_members', userIds: joining });
    });
  }
  if (candidates === undefined) watchPendingPromotions(state);
}

/**
 * The server's daily `promote_new_full_members` job, run before each request (as message
 * retention is) and on a timer of the realm's clock at the moment each provisional member
 * qualifies: those whose account has become old enough join `role:fullmembers`, with its events,
 * so a `ManualClock` moved past that moment promotes them then (a waiting long-poll hears of it).
 * The server's job runs once a day, so a member may wait up to a day longer there.
 */
export function promoteNewFullMembers(state: MockState): void {
  // As the server's job, it leaves realms without a waiting period alone.
  if (state.realm.waiting_period_threshold === 0 || state.realm.provisional_member_ids.length === 0) return;
  updateFullMembers(state, state.realm.provisional_member_ids);
}
