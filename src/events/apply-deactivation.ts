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

/** The object with the user left out of each anonymous group-setting value among its fields. */
function withoutInSettings<T extends object>(holder: T, userId: number): T {
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

function withoutInChannel<T extends object>(channel: T, userId: number): T {
  const next = { ...withoutInSettings(channel, userId) } as Record<string, unknown>;
  for (const list of ['subscribers', 'partial_subscribers'] as const) {
    const ids = next[list];
    if (Array.isArray(ids)) next[list] = ids.filter((id) => id !== userId);
  }
  return next as T;
}

/**
 * A user was deactivated (`realm_user` `update` with `is_active: false`): the server sends no
 * other event, since every list of the state names active users only, so the user leaves each
 * group's `members`, every channel's subscribers and every anonymous group-setting value (of
 * groups, channels and the realm) here, as the real server's clients do.
 */
export function withoutDeactivatedUser(state: RegisterResponse, userId: number): RegisterResponse {
  const next: Record<string, unknown> = { ...withoutInSettings(state, userId) };
  if (state.realm_user_groups !== undefined) {
    next.realm_user_groups = state.realm_user_groups.map((group) => ({
      ...withoutInSettings(group, userId),
      members: group.members.filter((id) => id !== userId),
    }));
  }
  for (const list of CHANNEL_LISTS) {
    const channels = state[list] as readonly object[] | undefined;
    if (channels !== undefined) next[list] = channels.map((channel) => withoutInChannel(channel, userId));
  }
  return next as RegisterResponse;
}
