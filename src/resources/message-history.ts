import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import type { getMessages } from '../endpoints/history';
import { type NarrowInput, toNarrowTerms } from '../narrow';
import type { HistoryMessage } from '../schemas/history';
import type { CallOptions } from '../transport/call-options';

/** Parameters of `client.messages.list`: `GET /messages`, with `narrow` built or plain. */
export type ListMessagesParams = Omit<EndpointParams<typeof getMessages>, 'narrow'> & {
  /** A {@link Narrow} or plain terms (objects or legacy pairs). */
  readonly narrow?: NarrowInput | null | undefined;
};

/** Options of `client.messages.iterate`. */
export interface IterateMessagesOptions {
  /** Which messages (built or plain); none = the user's whole feed. */
  readonly narrow?: NarrowInput | undefined;
  /** Where to start. @default 'newest' going older, 'oldest' going newer */
  readonly anchor?: number | 'newest' | 'oldest' | 'first_unread' | undefined;
  /** `older` yields newest first; `newer` yields oldest first. @default 'older' */
  readonly direction?: 'older' | 'newer' | undefined;
  /** Messages per request (the server allows up to 5000). @default 100 */
  readonly batchSize?: number | undefined;
  /** Stops the iteration: it ends quietly, an in-flight request included. */
  readonly signal?: AbortSignal | undefined;
  /** Rendered HTML (true) or Markdown source (false). @default true */
  readonly apply_markdown?: boolean | undefined;
  /** Whether the empty topic reads as `""`. @default false */
  readonly allow_empty_topic_name?: boolean | undefined;
}

/** What the iterator needs: one history request. */
export type ListMessages = (
  params: ListMessagesParams,
  options?: CallOptions,
) => Promise<EndpointResult<typeof getMessages>>;

/** The wire parameters of a list request: the narrow serialized to terms. */
export function listParams(params: ListMessagesParams): EndpointParams<typeof getMessages> {
  const { narrow, ...rest } = params;
  return narrow === undefined || narrow === null ? { ...rest, narrow } : { ...rest, narrow: toNarrowTerms(narrow) };
}

/**
 * Pages through history from an anchor, one request per `batchSize` messages: the first page
 * includes the anchor, later pages start at the last message seen and exclude it, until the
 * server reports `found_oldest` (going older) or `found_newest` (going newer).
 */
export async function* iterateMessages(
  list: ListMessages,
  options: IterateMessagesOptions = {},
): AsyncGenerator<HistoryMessage, void, undefined> {
  const { signal, direction = 'older', batchSize = 100 } = options;
  const older = direction === 'older';
  let anchor: number | string = options.anchor ?? (older ? 'newest' : 'oldest');
  let includeAnchor = true;
  for (;;) {
    if (signal?.aborted) return;
    let page: EndpointResult<typeof getMessages>;
    try {
      page = await list(
        {
          narrow: options.narrow,
          anchor,
          include_anchor: includeAnchor,
          num_before: older ? batchSize : 0,
          num_after: older ? 0 : batchSize,
          apply_markdown: options.apply_markdown,
          allow_empty_topic_name: options.allow_empty_topic_name,
        },
        { signal },
      );
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    const messages = older ? [...page.messages].reverse() : page.messages;
    for (const message of messages) {
      if (signal?.aborted) return;
      yield message;
    }
    const last = messages.at(-1);
    if ((older ? page.found_oldest : page.found_newest) || last === undefined) return;
    anchor = last.id;
    includeAnchor = false;
  }
}

/** Parameters of `client.messages.matchesNarrow`: `msg_ids`, and `narrow` built or plain. */
export interface MatchesNarrowParams {
  readonly msg_ids: readonly number[];
  readonly narrow: NarrowInput;
}
