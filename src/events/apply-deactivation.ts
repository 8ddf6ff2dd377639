import type { RegisterResponse } from '../schemas/event-queue';

/** An anonymous group-setting value: its members are listed only while their accounts are active. */
interface MembersValue {
  readonly direct_members: readonly number[];
  readonly direct_subgroups: readonly number[];
}

function isMembersValue(value: unknown): value is MembersValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as MembersValue).direct_members) &&
    Array.isArray((value as MembersValue).direct_subgroups)
  );
}

/** The object with the user left out of each anonymous group-setting value among its fields (not `inGroups`: as it is). */
function withoutInSettings<T extends object>(holder: T, userId: number, inGroups?: boolean): T {
  if (inGroups) return holder;
  let changed: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(holder)) {
    if (!isMembersValue(value) || !value.direct_members.includes(userId)) continue;
    changed ??= { ...holder } as Record<string, unknown>;
    changed[key] = { ...value, direct_members: value.direct_members.filter((id) => id !== userId) };
  }
  return (changed as T | undefined) ?? holder;
}

type ChannelLists = 'subscriptions' | 'unsubscribed' | 'never_subscribed' | 'streams';
const CHANNEL_LISTS: readonly ChannelLists[] = ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams'];

function withoutInChannel<T extends object>(channel: T, userId: number, inGroups: boolean): T {
  const next = { ...withoutInSettings(channel, userId, inGroups) } as Record<string, unknown>;
  for (const list of ['subscribers', 'partial_subscribers'] as const) {
    const ids = next[list];
    if (Array.isArray(ids)) next[list] = ids.filter((id) => id !== userId);
  }
  return next as T;
}

/** The user's API email, from the state's user lists (the legacy presence map is keyed by it). */
export function emailOf(state: RegisterResponse, userId: number): string | undefined {
  const users = [...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])];
  return users.find((user) => user.user_id === userId)?.email;
}

/**
 * A user was deactivated (`realm_user` `update` with `is_active: false`): the server sends no
 * other event, since these lists of the state name active users only, so the user leaves each
 * group's `members`, every channel's subscribers, every anonymous group-setting value (of groups,
 * channels and the realm), `user_status` and `presences` here, as the real server's clients do.
 * (`presence_last_update_id` stays: a client cannot know the server's.) Servers before level 303
 * kept deactivated users in groups' `members` and anonymous values, so there they stay.
 */
export function withoutDeactivatedUser(state: RegisterResponse, userId: number): RegisterResponse {
  const inGroups = state.zulip_feature_level < 303;
  const next: Record<string, unknown> = { ...withoutInSettings(state, userId, inGroups) };
  if (state.user_status !== undefined && String(userId) in state.user_status) {
    const { [String(userId)]: _gone, ...rest } = state.user_status;
    next.user_status = rest;
  }
  if (state.presences !== undefined) {
    const email = emailOf(state, userId);
    const presences: Record<string, unknown> = { ...state.presences };
    delete presences[String(userId)];
    if (email !== undefined) delete presences[email];
    next.presences = presences;
  }
  if (state.realm_user_groups !== undefined && !inGroups) {
    next.realm_user_groups = state.realm_user_groups.map((group) => ({
      ...withoutInSettings(group, userId),
      members: group.members.filter((id) => id !== userId),
    }));
  }
  for (const list of CHANNEL_LISTS) {
    const channels = state[list] as readonly object[] | undefined;
    if (channels !== undefined) next[list] = channels.map((channel) => withoutInChannel(channel, userId, inGroups));
  }
  return next as RegisterResponse;
}
