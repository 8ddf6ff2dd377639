import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** A draft's kind: unaddressed (`""`), to a channel (`stream`) or direct (`private`). */
export const DraftType = z.enum(['', 'stream', 'private']);

/**
 * A draft as a client submits it. The server refuses unknown keys. `to` holds exactly one channel
 * ID for a channel draft, user IDs for a direct one, and nothing for an unaddressed one.
 */
export const DraftInput = z.strictObject({
  type: DraftType,
  to: z.array(Id),
  /** For channel drafts; no null bytes. */
  topic: z.string(),
  /** Not blank; no null bytes. */
  content: z.string(),
  /** UNIX seconds of the last edit; the server fills in the current time when omitted or `null`. */
  timestamp: z.optional(z.nullable(z.number())),
});

/** A draft to create or the replacement of one. */
export type DraftInput = z.input<typeof DraftInput>;

/** A draft as the server returns it. */
export const Draft = z.looseObject({
  id: Id,
  type: DraftType,
  /** `[channel ID]`; for a direct draft the other participants (or yourself alone); `[]` when unaddressed. */
  to: z.array(Id),
  topic: z.string(),
  content: z.string(),
  /** UNIX seconds of the last edit. */
  timestamp: z.int(),
});

/** A stored draft. */
export type Draft = z.output<typeof Draft>;

/** Parameters of `GET /drafts`. */
export const GetDraftsParams = z.object({});

/** Success body of `GET /drafts`: the caller's drafts, least recently edited first. */
export const GetDraftsResponse = successBody({ count: z.int(), drafts: z.array(Draft) });

/**
 * Parameters of `POST /drafts`. The spec makes `drafts` optional (none: nothing is created); the
 * reference server requires it.
 */
export const CreateDraftsParams = z.object({ drafts: z.optional(z.array(DraftInput)) });

/** Success body of `POST /drafts`: the new drafts' IDs, in submission order. */
export const CreateDraftsResponse = successBody({ ids: z.array(Id) });

/** Parameters of `PATCH /drafts/{draft_id}`: the draft's replacement (every field). */
export const EditDraftParams = z.object({ draft_id: Id, draft: DraftInput });

/** Parameters of `DELETE /drafts/{draft_id}`. */
export const DeleteDraftParams = z.object({ draft_id: Id });

/** Success body of the draft changes that return nothing else. */
export const DraftChangeResponse = successBody({});
