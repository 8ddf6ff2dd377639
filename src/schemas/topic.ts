import * as z from 'zod/mini';
import { Id, successBody } from './common';

/**
 * Values of `visibility_policy`: 0 none (the channel decides), 1 muted, 2 unmuted (same as none in
 * an unmuted channel), 3 followed.
 */
export const VisibilityPolicy = { NONE: 0, MUTED: 1, UNMUTED: 2, FOLLOWED: 3 } as const;

/** A `visibility_policy` value. */
export type VisibilityPolicy = (typeof VisibilityPolicy)[keyof typeof VisibilityPolicy];

/**
 * The `topic` of the visibility-policy operations: at most 60 characters (code points), which the
 * server checks as it reads the parameter, before the parameters declared after it.
 */
export const TopicParam = z.string();

/** Parameters of `POST /user_topics`. */
export const UpdateUserTopicParams = z.object({
  stream_id: Id,
  /** The topic (at most `max_topic_length` characters); need not have any messages. */
  topic: TopicParam,
  /** 0 none, 1 muted, 2 unmuted, 3 followed: see {@link VisibilityPolicy}. */
  visibility_policy: z.int(),
});

/** Parameters of the deprecated `PATCH /users/me/subscriptions/muted_topics`: `stream_id` or `stream`, not both. */
export const MuteTopicParams = z.object({
  stream_id: z.optional(Id),
  /** The channel's name, instead of `stream_id`. */
  stream: z.optional(z.string()),
  topic: TopicParam,
  /** `add` mutes the topic, `remove` removes its visibility policy. */
  op: z.enum(['add', 'remove']),
});

/** Parameters of `GET /users/me/{stream_id}/topics`. */
export const GetChannelTopicsParams = z.object({
  stream_id: Id,
  /** When false (default), the empty topic reads as `realm_empty_topic_display_name`. */
  allow_empty_topic_name: z.optional(z.boolean()),
});

/** A topic of a channel: its name and the ID of its latest message. */
export const ChannelTopic = z.looseObject({ name: z.string(), max_id: Id });

/** A topic of a channel. */
export type ChannelTopic = z.infer<typeof ChannelTopic>;

/** Success body of `GET /users/me/{stream_id}/topics`: newest topic first. */
export const GetChannelTopicsResponse = successBody({ topics: z.array(ChannelTopic) });

/** Parameters of `POST /streams/{stream_id}/delete_topic`. */
export const DeleteTopicParams = z.object({
  stream_id: Id,
  /** The topic to delete (`realm_empty_topic_display_name` means the empty topic). */
  topic_name: z.string(),
});

/** Success body of `POST /streams/{stream_id}/delete_topic`. */
export const DeleteTopicResponse = successBody({
  /**
   * False when the server stopped part-way (a time limit); repeat the request until true. From
   * feature level 211; older servers answer a partial run with an error instead.
   */
  complete: z.optional(z.boolean()),
});

/** Success body of `POST /user_topics` and of the legacy muting operation (no fields of their own). */
export const UpdateUserTopicResponse = successBody({});
