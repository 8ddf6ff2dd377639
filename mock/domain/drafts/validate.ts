import type { DraftInput } from '../../../src/schemas/draft';
import type { UserRecord } from '../../store/store';
import { accessChannelById } from '../channel-access';
import { unixSeconds } from '../clock';
import { badRequest } from '../errors';
import { normalizeContent } from '../messages/check-message';
import { pythonRound } from '../python-round';
import { pythonSetOrder } from '../python-set';
import type { MockState } from '../state';

/** A draft as it is stored: addressed, normalised, timed. */
export interface ValidDraft {
  readonly type: 'stream' | 'private' | '';
  readonly to: number[];
  readonly topic: string;
  readonly content: string;
  readonly last_edit_time: number;
}

const TRUNCATION_MARK = '...';

function truncatedTopic(state: MockState, topic: string): string {
  const characters = [...topic];
  const limit = state.realm.max_topic_length;
  if (characters.length <= limit) return topic;
  return characters.slice(0, limit - TRUNCATION_MARK.length).join('') + TRUNCATION_MARK;
}

/**
 * A direct draft's `to` as the server reads it back: the conversation's participants other than
 * the owner, ascending, or the owner alone for a draft to themselves. The server checks the IDs
 * as it iterates `set(to)`, so the first failing ID in Python's set order is the one reported.
 */
function directRecipients(state: MockState, owner: UserRecord, to: readonly number[]): number[] {
  const ids = pythonSetOrder(to);
  for (const id of ids) {
    if (!state.store.tables.user.get(id)) throw badRequest(`Invalid user ID ${id}`);
  }
  // As for a direct message (the server builds the draft's recipient the same way).
  for (const id of ids) {
    const user = state.store.tables.user.get(id);
    if (user && !user.is_active) throw badRequest(`'${user.email}' is no longer using Zulip.`);
  }
  const others = ids.filter((id) => id !== owner.id).sort((a, b) => a - b);
  return others.length > 0 ? others : [owner.id];
}

/**
 * Checks one draft, as its parameter model read it (content already stripped), in the server's
 * order (content, timestamp, topic, channel or users) and returns it as stored.
 */
export function validDraft(state: MockState, owner: UserRecord, input: DraftInput): ValidDraft {
  const content = normalizeContent(state, input.content);
  // The mock's own time is whole seconds, so a draft's order matches the seconds clients see.
  // The server keeps microseconds, rounding before it checks the sign (-0.0000001 is the epoch).
  const rounded = pythonRound(input.timestamp ?? unixSeconds(state.clock), 6);
  if (rounded < 0) throw badRequest('Timestamp must not be negative.');
  const lastEditTime = rounded === 0 ? 0 : rounded;
  if (input.type === 'stream') {
    const topic = truncatedTopic(state, input.topic);
    if (topic.includes('\0')) throw badRequest('Topic must not contain null bytes');
    if (input.to.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    const channel = accessChannelById(state, owner, input.to[0] as number);
    return { type: 'stream', to: [channel.id], topic, content, last_edit_time: lastEditTime };
  }
  if (input.type === 'private' && input.to.length > 0) {
    return { type: 'private', to: directRecipients(state, owner, input.to), topic: '', content, last_edit_time: lastEditTime };
  }
  return { type: '', to: [], topic: '', content, last_edit_time: lastEditTime };
}
