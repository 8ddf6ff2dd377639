import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { avatarSourceOf, avatarUrlFor } from '../users';

/**
 * The server's `notify_avatar_url_change` for a user whose avatar URL changed: a bot's
 * administrators get `realm_bot` `update` with the URL, everyone `realm_user` `update` with the
 * avatar fields. The URLs are whole even for `client_gravatar` queues, as the server sends them
 * (its clients drop a Gravatar they can compute themselves).
 */
export function recordAvatarChange(state: MockState, user: UserRecord): void {
  if (user.is_bot) {
    state.events.record({ kind: 'realm_bot_changed', botId: user.id, op: 'update', data: { avatar_url: avatarUrlFor(state, user) } });
  }
  state.events.record({
    kind: 'realm_user_updated',
    userId: user.id,
    person: {
      avatar_source: avatarSourceOf(state, user),
      avatar_url: avatarUrlFor(state, user),
      avatar_url_medium: avatarUrlFor(state, user, 'medium'),
      avatar_version: user.avatar_version,
    },
  });
}
