import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import { channelDict } from './serialize';

/**
 * Default channels as the server of the mock's level names them in `realm_default_streams`, the
 * `default_streams` event and default channel groups: IDs, or (before feature level 330) whole
 * channels as `GET /streams` describes them.
 */
export function defaultChannelRefs(state: MockState, ids: readonly number[]): (number | ReturnType<typeof channelDict>)[] {
  if (hasLevel(state, LEVEL.defaultChannelIds)) return [...ids];
  return ids.flatMap((id) => {
    const channel = state.store.tables.channel.get(id);
    return channel ? [channelDict(state, channel)] : [];
  });
}
