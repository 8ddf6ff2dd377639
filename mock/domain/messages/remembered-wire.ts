import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import type { ReactionRecord } from '../../store/reactions';
import { withKnownJson } from '../known-json';
import { sharedTopicLinks, type TopicLink } from '../linkifiers/topic-links';
import type { MockState } from '../state';
import { displayTopic } from '../topics';
import { renderedContentOf } from './rendered-content';
import type { MessageViewOptions, SenderView, WireMessage } from './serialize';

/**
 * A channel message's wire form and everything it was built from besides the message record
 * itself (records are replaced, never changed, on every write): the same inputs give the same
 * wire form, so it is answered again as it is, with its JSON text.
 */
interface Remembered {
  readonly applyMarkdown: boolean;
  readonly allowEmptyTopicName: boolean;
  readonly featureLevel: number;
  readonly channel: ChannelRecord;
  readonly content: string;
  readonly subject: string;
  readonly topicLinks: readonly TopicLink[];
  readonly reactions: readonly ReactionRecord[];
  /** The reader's flags (-1: no copy); what else a reader changes shows in the sender's fields. */
  readonly flagBits: number;
  readonly senderFullName: string;
  readonly senderEmail: string;
  readonly senderRealmStr: string;
  readonly senderAvatarUrl: string | null;
  readonly wire: WireMessage;
}

/** The last wire form of each message record (a record edited, moved or re-rendered is a new record). */
const remembered = new WeakMap<MessageRecord, Remembered>();

type Build = (state: MockState, viewer: UserRecord, message: MessageRecord, sender: SenderView, options: MessageViewOptions) => WireMessage;

/**
 * A channel message as `build` makes it for this reader, frozen and carrying its JSON text: the
 * one made before when nothing it shows has changed since (its content, topic, channel, links,
 * reactions, the reader's flags, the sender as the reader sees them, the feature level, the way
 * of viewing), else a new one. Direct messages (their recipients' records) and messages showing
 * an edit history (the realm's settings) are built each time.
 */
export function rememberedWireMessage(
  state: MockState,
  viewer: UserRecord,
  message: MessageRecord,
  sender: SenderView,
  options: MessageViewOptions,
  build: Build,
): WireMessage {
  const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
  const showsEditHistory = message.edit_history.length > 0 && state.realm.message_edit_history_visibility_policy !== 'none';
  if (channel === undefined || showsEditHistory) return build(state, viewer, message, sender, options);
  const { store } = state;
  const content = options.applyMarkdown ? renderedContentOf(state, message) : message.content;
  const subject = displayTopic(state.realm, message.topic, options.allowEmptyTopicName);
  const topicLinks = sharedTopicLinks(store.linkifiers.all(), message.topic);
  const reactions = store.reactions.of(message.id);
  const flagBits = store.userMessages.flagBitsOf(viewer.id, message.id);
  const known = remembered.get(message);
  if (
    known !== undefined &&
    known.flagBits === flagBits &&
    known.channel === channel &&
    known.reactions === reactions &&
    known.topicLinks === topicLinks &&
    known.content === content &&
    known.subject === subject &&
    known.applyMarkdown === options.applyMarkdown &&
    known.allowEmptyTopicName === options.allowEmptyTopicName &&
    known.featureLevel === state.featureLevel &&
    known.senderFullName === sender.fullName &&
    known.senderEmail === sender.email &&
    known.senderRealmStr === sender.realmStr &&
    known.senderAvatarUrl === sender.avatarUrl
  ) {
    return known.wire;
  }
  const wire = withKnownJson(build(state, viewer, message, sender, options));
  remembered.set(message, {
    applyMarkdown: options.applyMarkdown,
    allowEmptyTopicName: options.allowEmptyTopicName,
    featureLevel: state.featureLevel,
    channel,
    content,
    subject,
    topicLinks,
    reactions,
    flagBits,
    senderFullName: sender.fullName,
    senderEmail: sender.email,
    senderRealmStr: sender.realmStr,
    senderAvatarUrl: sender.avatarUrl,
    wire,
  });
  return wire;
}
