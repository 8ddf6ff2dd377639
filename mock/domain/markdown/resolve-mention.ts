import type { UserRecord } from '../../store/store';
import { groupDisplayName } from '../groups';
import type { MockState } from '../state';
import type { MentionSpan, MentionSyntax } from './mention-syntax';

const CHANNEL_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);
// `Name|123` or `|123`: the ID picks the user; a name given with it must match exactly.
const NAME_WITH_ID = /^(?<name>.+)?\|(?<id>\d+)$/s;

function mentionedUser(state: MockState, text: string): UserRecord | undefined {
  const withId = NAME_WITH_ID.exec(text)?.groups;
  if (withId?.id !== undefined) {
    const user = state.store.tables.user.get(Number(withId.id));
    return user && (withId.name === undefined || withId.name === user.full_name) ? user : undefined;
  }
  return state.store.userByFullName(text);
}

function withSilent(className: string, silent: boolean): string {
  return silent ? `${className} silent` : className;
}

/** Whether the sender may mention a user: a limited guest only those they may see. */
export type MayMention = (user: UserRecord) => boolean;

function resolveUserMention(state: MockState, { name, silent }: MentionSyntax, mayMention: MayMention | undefined): MentionSpan | undefined {
  if (CHANNEL_WILDCARDS.has(name)) {
    return {
      className: withSilent('user-mention channel-wildcard-mention', silent),
      attributes: { 'data-user-id': '*' },
      text: silent ? name : `@${name}`,
      effect: silent ? undefined : { kind: 'channel-wildcard' },
    };
  }
  if (name === 'topic') {
    return {
      className: withSilent('topic-mention', silent),
      attributes: {},
      text: silent ? 'topic' : '@topic',
      effect: silent ? undefined : { kind: 'topic-wildcard' },
    };
  }
  const user = mentionedUser(state, name);
  // A user the sender may not see is no mention: the text stays as written.
  if (!user || (mayMention && !mayMention(user))) return undefined;
  // A deactivated user's mention renders as a silent one and notifies nobody.
  const quiet = silent || !user.is_active;
  return {
    className: withSilent('user-mention', quiet),
    attributes: { 'data-user-id': String(user.id) },
    text: quiet ? user.full_name : `@${user.full_name}`,
    effect: quiet ? undefined : { kind: 'user', userId: user.id },
  };
}

function resolveGroupMention(state: MockState, { name, silent }: MentionSyntax): MentionSpan | undefined {
  const group = state.store.userGroupByName(name);
  if (!group) return undefined;
  const quiet = silent || group.deactivated;
  const displayName = groupDisplayName(group);
  return {
    className: withSilent('user-group-mention', quiet),
    attributes: { 'data-user-group-id': String(group.id) },
    text: quiet ? displayName : `@${displayName}`,
    effect: quiet ? undefined : { kind: 'group', groupId: group.id },
  };
}

/**
 * Resolves a mention against the realm; undefined when it names no user or group (plain text), or
 * a user `mayMention` refuses.
 */
export function resolveMention(state: MockState, syntax: MentionSyntax, mayMention?: MayMention): MentionSpan | undefined {
  return syntax.kind === 'user' ? resolveUserMention(state, syntax, mayMention) : resolveGroupMention(state, syntax);
}
