import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  createCustomProfileField,
  getCustomProfileFields,
  removeCustomProfileField,
  removeProfileData,
  reorderCustomProfileFields,
  updateCustomProfileField,
  updateProfileData,
} from '../endpoints/profile-fields';
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
   * 3 list of options, 4 date, 5 link, 6 users, 7 external account, 8 pronouns (feature level 151).
   * `display_in_profile_summary`, `required` and `editable_by_user` need levels 146, 244 and 296:
   * below, `UnsupportedFeatureError` is thrown before sending.
   *
   * @example
   * const { id } = await client.profileFields.create({ field_type: 3, name: 'Team', field_data: { '0': { text: 'Ops', order: '1' } } });
   */
  create(params: EndpointParams<typeof createCustomProfileField>, options?: CallOptions): ApiCall<EndpointResult<typeof createCustomProfileField>> {
    return this.#call(createCustomProfileField, params, options);
  }

  /**
   * Changes a field (`PATCH /realm/profile_fields/{field_id}`, administrators): what is given
   * replaces, checked as at creation; the type stays. Below feature level 252 the server replaces
   * every setting, so `name` and `hint` must be given (else `UnsupportedFeatureError`), and
   * an omitted `display_in_profile_summary` or `required` becomes false.
   *
   * @example
   * await client.profileFields.update({ field_id: fieldId, hint: 'Building and room' });
   */
  update(params: EndpointParams<typeof updateCustomProfileField>, options?: CallOptions): ApiCall<EndpointResult<typeof updateCustomProfileField>> {
    return this.#call(updateCustomProfileField, params, options);
  }

  /**
   * Deletes a field and every user's value of it (`DELETE /realm/profile_fields/{field_id}`).
   *
   * @example
   * await client.profileFields.delete({ field_id: fieldId });
   */
  delete(params: EndpointParams<typeof removeCustomProfileField>, options?: CallOptions): ApiCall<EndpointResult<typeof removeCustomProfileField>> {
    return this.#call(removeCustomProfileField, params, options);
  }

  /**
   * Puts the fields in a new order (`PATCH /realm/profile_fields`): every field's ID, once.
   *
   * @example
   * await client.profileFields.reorder({ order: [9803, 9801, 9802] });
   */
  reorder(params: EndpointParams<typeof reorderCustomProfileFields>, options?: CallOptions): ApiCall<EndpointResult<typeof reorderCustomProfileFields>> {
    return this.#call(reorderCustomProfileFields, params, options);
  }

  /**
   * Sets the caller's own values (`PATCH /users/me/profile_data`); fields users may not edit are
   * refused unless the caller is an administrator.
   *
   * @example
   * await client.profileFields.updateOwnValues({ data: [{ id: fieldId, value: '4B' }] });
   */
  updateOwnValues(params: EndpointParams<typeof updateProfileData>, options?: CallOptions): ApiCall<EndpointResult<typeof updateProfileData>> {
    return this.#call(updateProfileData, params, options);
  }

  /**
   * Removes the caller's own values of some fields (`DELETE /users/me/profile_data`).
   *
   * @example
   * await client.profileFields.removeOwnValues({ data: [fieldId] });
   */
  removeOwnValues(params: EndpointParams<typeof removeProfileData>, options?: CallOptions): ApiCall<EndpointResult<typeof removeProfileData>> {
    return this.#call(removeProfileData, params, options);
  }
}
