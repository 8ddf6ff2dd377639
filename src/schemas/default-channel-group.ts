import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Parameters of `POST /default_stream_groups/create`, in the order Zulip 10.2 reads them. */
export const CreateDefaultChannelGroupParams = z.object({
  /** Unique in the organization; at most 60 characters, not blank. */
  group_name: z.string(),
  description: z.string(),
  /** The channels' names (channels the caller can read, none of them a default channel). */
  stream_names: z.array(z.string()),
});

/** Parameters of `PATCH /default_stream_groups/{group_id}`: at least one of the two, non-empty. */
export const UpdateDefaultChannelGroupParams = z.object({
  group_id: Id,
  new_group_name: z.optional(z.string()),
  new_description: z.optional(z.string()),
});

/** Parameters of `PATCH /default_stream_groups/{group_id}/streams`. */
export const UpdateDefaultChannelGroupChannelsParams = z.object({
  group_id: Id,
  /** `add` or `remove` (any other value is refused by the server, after the channels are looked up). */
  op: z.string(),
  /** The channels' names. */
  stream_names: z.array(z.string()),
});

/** Parameters of `DELETE /default_stream_groups/{group_id}`. */
export const DeleteDefaultChannelGroupParams = z.object({ group_id: Id });

/** Success body of the default channel group operations: nothing beyond the envelope. */
export const DefaultChannelGroupChangeResponse = successBody({});
