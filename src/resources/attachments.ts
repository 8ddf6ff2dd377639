import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { getAttachments, removeAttachment } from '../endpoints/uploads';
import type { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

/**
 * The caller's uploaded files and the messages that link to them: `client.attachments`.
 *
 * @example
 * const { attachments } = await client.attachments.list();
 */
export class AttachmentsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * The caller's uploads, each with the messages linking to it, and the bytes the whole
   * organization's uploads take (`GET /attachments`).
   *
   * @example
   * const { attachments, upload_space_used } = await client.attachments.list();
   */
  list(params: EndpointParams<typeof getAttachments> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getAttachments>> {
    return this.#call(getAttachments, params, options);
  }

  /**
   * Deletes one of the caller's uploads (`DELETE /attachments/{attachment_id}`); messages that
   * link to it keep a link that no longer opens.
   *
   * @example
   * await client.uploads.upload(file);
   * const { attachments } = await client.attachments.list();
   * for (const { id } of attachments) await client.attachments.delete({ attachment_id: id });
   */
  delete(params: EndpointParams<typeof removeAttachment>, options?: CallOptions): ApiCall<EndpointResult<typeof removeAttachment>> {
    return this.#call(removeAttachment, params, options);
  }
}
