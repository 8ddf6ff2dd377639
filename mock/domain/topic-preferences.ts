import type { ChannelRecord, UserRecord } from '../store/store';
import { accessChannelById, accessChannelByName, INVALID_CHANNEL_ID } from './channel-access';
import { ApiFailure, badRequest } from './errors';
import type { MockState } from './state';
import { namesEmptyTopic } from './topics';
import { setVisibilityPolicy, VisibilityPolicy, type VisibilityPolicyValue } from './user-topics';
import { pythonLength } from './python-len';
import { pythonStrip } from './python-strip';

const POLICY_VALUES: readonly number[] = Object.values(VisibilityPolicy);

/** The topic as the visibility-policy operations store it. */
function topicForPolicy(state: MockState, topic: string): string {
  return namesEmptyTopic(state.realm, topic) ? '' : topic;
}

/** The server's `MAX_TOPIC_NAME_LENGTH`, the limit of its topic parameters' model. */
const MAX_TOPIC_NAME_LENGTH = 60;

/**
 * The length check of the visibility-policy operations' `topic` (the decoder runs it as it reads
 * the parameter), counted in characters (code points) as Python counts them.
 */
export function checkTopicParamLength(topic: string, name: string): void {
  if (pythonLength(topic) > MAX_TOPIC_NAME_LENGTH) {
    throw badRequest(`${name} is too long (limit: ${MAX_TOPIC_NAME_LENGTH} characters)`);
  }
}

function isVisibilityPolicy(value: number): value is VisibilityPolicyValue {
  return POLICY_VALUES.includes(value);
}

/**
 * `POST /user_topics`: sets the user's visibility policy for a channel topic, whether or not the
 * topic has messages. Removing a policy (0) only needs the channel to exist; setting one needs
 * access to an unarchived channel. Setting the current value again changes nothing and sends no event.
 */
export function updateUserTopic(
  state: MockState,
  user: UserRecord,
  input: { stream_id: number; topic: string; visibility_policy: number },
): void {
  const policy = input.visibility_policy;
  if (!isVisibilityPolicy(policy)) {
    throw badRequest('Invalid visibility_policy: Value error, Not in the list of possible values');
  }
  let channel: ChannelRecord | undefined;
  if (policy === VisibilityPolicy.INHERIT) {
    channel = state.store.tables.channel.get(input.stream_id);
    if (!channel) throw badRequest(INVALID_CHANNEL_ID);
  } else {
    channel = accessChannelById(state, user, input.stream_id);
  }
  setVisibilityPolicy(state, user.id, channel.id, topicForPolicy(state, input.topic), policy);
}

/** Parameters of the legacy muting operation: exactly one of `stream_id` and `stream`. */
export interface MutedTopicInput {
  stream_id?: number | undefined;
  stream?: string | undefined;
  topic: string;
  op: 'add' | 'remove';
}

function checkExactlyOneChannelArgument(input: MutedTopicInput): void {
  if (input.stream_id === undefined && input.stream === undefined) {
    throw badRequest("Missing 'stream_id' argument");
  }
  if (input.stream_id !== undefined && input.stream !== undefined) {
    throw new ApiFailure('Unsupported parameter combination: stream_id, stream', 'BAD_REQUEST', 400, {
      parameters: 'stream_id, stream',
    });
  }
}

/**
 * The channel a legacy unmute names: it only has to exist (the user may have lost access since
 * muting), else the server's "Topic is not muted".
 */
function channelToUnmute(state: MockState, input: MutedTopicInput): ChannelRecord {
  const channel =
    input.stream === undefined
      ? state.store.tables.channel.get(input.stream_id ?? -1)
      : state.store.channelByName(pythonStrip(input.stream));
  if (!channel) throw badRequest('Topic is not muted');
  return channel;
}

/**
 * `PATCH /users/me/subscriptions/muted_topics` (deprecated): `add` mutes the topic (policy 1),
 * `remove` removes any policy (0), through the same visibility-policy change as `POST /user_topics`.
 * Since feature level 170, muting a muted topic or unmuting an unmuted one is not an error.
 */
export function updateMutedTopic(state: MockState, user: UserRecord, input: MutedTopicInput): void {
  checkExactlyOneChannelArgument(input);
  const topic = topicForPolicy(state, input.topic);
  if (input.op === 'remove') {
    setVisibilityPolicy(state, user.id, channelToUnmute(state, input).id, topic, VisibilityPolicy.INHERIT);
    return;
  }
  const channel =
    input.stream === undefined
      ? accessChannelById(state, user, input.stream_id ?? -1)
      : accessChannelByName(state, user, input.stream);
  setVisibilityPolicy(state, user.id, channel.id, topic, VisibilityPolicy.MUTED);
}
