import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { createDrafts, deleteDraft, editDraft, getDrafts } from '../endpoints/drafts';
import type { EndpointCaller } from './caller';

/**
 * The caller's drafts, kept on the server so that every client of the user sees them:
 * `client.drafts`. Changes reach the user's other clients as `drafts` events.
 *
 * @example
 * const { drafts } = await client.drafts.list();
 */
export class DraftsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the caller's drafts, least recently edited first (`GET /drafts`).
   *
   * @example
   * const { count, drafts } = await client.drafts.list();
   */
  list(params: EndpointParams<typeof getDrafts> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getDrafts>> {
    return this.#call(getDrafts, params, options);
  }

  /**
   * Creates drafts, all or none (`POST /drafts`); the IDs come back in submission order.
   * A channel draft names exactly one channel ID in `to`; `timestamp` defaults to now.
   *
   * @example
   * const { ids } = await client.drafts.create({
   *   drafts: [{ type: 'stream', to: [channelId], topic: 'plans', content: 'Half-written thought' }],
   * });
   */
  create(params: EndpointParams<typeof createDrafts>, options?: CallOptions): ApiCall<EndpointResult<typeof createDrafts>> {
    return this.#call(createDrafts, params, options);
  }

  /**
   * Replaces every field of a draft (`PATCH /drafts/{draft_id}`).
   *
   * @example
   * await client.drafts.edit({ draft_id: draftId, draft: { type: 'private', to: [userId], topic: '', content: 'Later' } });
   */
  edit(params: EndpointParams<typeof editDraft>, options?: CallOptions): ApiCall<EndpointResult<typeof editDraft>> {
    return this.#call(editDraft, params, options);
  }

  /**
   * Deletes a draft (`DELETE /drafts/{draft_id}`).
   *
   * @example
   * await client.drafts.delete({ draft_id: draftId });
   */
  delete(params: EndpointParams<typeof deleteDraft>, options?: CallOptions): ApiCall<EndpointResult<typeof deleteDraft>> {
    return this.#call(deleteDraft, params, options);
  }
}
