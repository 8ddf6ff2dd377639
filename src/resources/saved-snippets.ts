import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { createSavedSnippet, deleteSavedSnippet, editSavedSnippet, getSavedSnippets } from '../endpoints/saved-snippets';
import type { EndpointCaller } from './caller';

/**
 * The caller's saved snippets, text to insert into messages: `client.savedSnippets` (feature
 * level 297; editing 368). Changes reach the user's clients as `saved_snippets` events.
 *
 * @example
 * const { saved_snippets } = await client.savedSnippets.list();
 */
export class SavedSnippetsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the caller's saved snippets, oldest first (`GET /saved_snippets`).
   *
   * @example
   * const { saved_snippets } = await client.savedSnippets.list();
   */
  list(
    params: EndpointParams<typeof getSavedSnippets> = {},
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof getSavedSnippets>> {
    return this.#call(getSavedSnippets, params, options);
  }

  /**
   * Saves a snippet (`POST /saved_snippets`). Both fields are stripped of surrounding whitespace
   * and must keep a character; the title holds at most 60 characters, the content 10,000.
   *
   * @example
   * const { saved_snippet_id } = await client.savedSnippets.create({ title: 'Welcome', content: '**Welcome** aboard!' });
   */
  create(
    params: EndpointParams<typeof createSavedSnippet>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof createSavedSnippet>> {
    return this.#call(createSavedSnippet, params, options);
  }

  /**
   * Changes a saved snippet's title, content or both (`PATCH /saved_snippets/{saved_snippet_id}`,
   * feature level 368). Sending neither succeeds without looking the snippet up.
   *
   * @example
   * await client.savedSnippets.edit({ saved_snippet_id: snippetId, content: 'Welcome to the team!' });
   */
  edit(
    params: EndpointParams<typeof editSavedSnippet>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof editSavedSnippet>> {
    return this.#call(editSavedSnippet, params, options);
  }

  /**
   * Deletes a saved snippet (`DELETE /saved_snippets/{saved_snippet_id}`).
   *
   * @example
   * await client.savedSnippets.delete({ saved_snippet_id: snippetId });
   */
  delete(
    params: EndpointParams<typeof deleteSavedSnippet>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof deleteSavedSnippet>> {
    return this.#call(deleteSavedSnippet, params, options);
  }
}
