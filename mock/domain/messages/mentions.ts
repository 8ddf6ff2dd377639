import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';

/** What a message's Markdown mentions, outside code. */
export interface Mentions {
  /** A non-silent `@**all**`, `@**everyone**`, `@**channel**` or `@**stream**`. */
  readonly channelWildcard: boolean;
  /** A non-silent `@**topic**`. */
  readonly topicWildcard: boolean;
  /** Active users mentioned directly and non-silently. */
  readonly userIds: ReadonlySet<number>;
}

const CODE = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`/g;
// A mention must start the text or follow whitespace or one of ' " ( { [ / <.
const MENTION = /(?:^|(?<=[\s'"({[/<]))@\*\*([^*]+)\*\*/g;
const CHANNEL_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);

function mentionedUser(state: MockState, text: string): UserRecord | undefined {
  const [name, idText] = text.includes('|') ? text.split('|', 2) : [text, undefined];
  if (idText !== undefined) {
    const user = /^\d+$/.test(idText) ? state.store.tables.user.get(Number(idText)) : undefined;
    return user && (name === '' || name === user.full_name) ? user : undefined;
  }
  return state.store.userByFullName(name ?? '');
}

/** Finds the mentions that set flags and need permission (silent `@_**...**` ones do neither). */
export function findMentions(state: MockState, content: string): Mentions {
  const text = content.replace(CODE, ' ');
  let channelWildcard = false;
  let topicWildcard = false;
  const userIds = new Set<number>();
  for (const match of text.matchAll(MENTION)) {
    const target = match[1] ?? '';
    if (CHANNEL_WILDCARDS.has(target)) channelWildcard = true;
    else if (target === 'topic') topicWildcard = true;
    else {
      const user = mentionedUser(state, target);
      if (user?.is_active) userIds.add(user.id);
    }
  }
  return { channelWildcard, topicWildcard, userIds };
}
