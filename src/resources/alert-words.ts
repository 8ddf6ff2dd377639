import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { addAlertWords, getAlertWords, removeAlertWords } from '../endpoints/alert-words';
import type { EndpointCaller } from './caller';

/**
 * The caller's alert words, which flag messages containing them `has_alert_word`: `client.alertWords`.
 *
 * @example
 * await client.alertWords.add({ alert_words: ['deploy'] });
 */
export class AlertWordsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the caller's alert words (`GET /users/me/alert_words`).
   *
   * @example
   * const { alert_words } = await client.alertWords.list();
   */
  list(params: EndpointParams<typeof getAlertWords> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getAlertWords>> {
    return this.#call(getAlertWords, params, options);
  }

  /**
   * Adds alert words or phrases (`POST /users/me/alert_words`); words already there, in any
   * case, are ignored. Returns the words after the change.
   *
   * @example
   * const { alert_words } = await client.alertWords.add({ alert_words: ['deploy', 'on call'] });
   */
  add(params: EndpointParams<typeof addAlertWords>, options?: CallOptions): ApiCall<EndpointResult<typeof addAlertWords>> {
    return this.#call(addAlertWords, params, options);
  }

  /**
   * Removes alert words, compared case-insensitively (`DELETE /users/me/alert_words`).
   *
   * @example
   * await client.alertWords.remove({ alert_words: ['deploy'] });
   */
  remove(params: EndpointParams<typeof removeAlertWords>, options?: CallOptions): ApiCall<EndpointResult<typeof removeAlertWords>> {
    return this.#call(removeAlertWords, params, options);
  }
}
