import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { createCustomProfileField, getCustomProfileFields } from '../endpoints/profile-fields';
import type { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

/**
 * The organization's custom profile fields: `client.profileFields`. Users' values are set with
 * `client.users.update({ user_id, profile_data })` and read in `profile_data` of user objects.
 *
 * @example
 * const { custom_fields } = await client.profileFields.list();
 */
export class ProfileFieldsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * The fields, by `order` (`GET /realm/profile_fields`).
   *
   * @example
   * const { custom_fields } = await client.profileFields.list();
   */
  list(params: EndpointParams<typeof getCustomProfileFields> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getCustomProfileFields>> {
    return this.#call(getCustomProfileFields, params, options);
  }

  /**
   * Adds a field (`POST /realm/profile_fields`, administrators): type 1 short text, 2 long text,
   * 3 list of options, 4 date, 5 link, 6 users, 7 external account, 8 pronouns.
   *
   * @example
   * const { id } = await client.profileFields.create({ field_type: 3, name: 'Team', field_data: { '0': { text: 'Ops', order: '1' } } });
   */
  create(params: EndpointParams<typeof createCustomProfileField>, options?: CallOptions): ApiCall<EndpointResult<typeof createCustomProfileField>> {
    return this.#call(createCustomProfileField, params, options);
  }
}
