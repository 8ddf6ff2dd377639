import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  addCodePlayground,
  addRealmDomain,
  getRealmDomains,
  removeCodePlayground,
  removeRealmDomain,
  updateRealmDomain,
} from '../endpoints/realm-config';
import { testWelcomeBotCustomMessage, updateRealm, updateRealmUserSettingsDefaults } from '../endpoints/realm-settings';
import type { EndpointCaller } from './caller';
import { deleteRealmIcon, deleteRealmLogo, uploadRealmIcon, uploadRealmLogo } from '../endpoints/avatars';
import { type ImageUpload, withImageFile } from '../uploads/image-file';

/**
 * Organization configuration: settings and new users' default settings (administrators), allowed
 * signup domains (owners change them) and code playgrounds (administrators): `client.realm`.
 *
 * @example
 * const { domains } = await client.realm.listDomains();
 */
export class RealmResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Changes organization settings (`PATCH /realm`, administrators): name, description, editing
   * and deletion limits (seconds or `'unlimited'`), history visibility, read receipts, the topics
   * policy, the new-channel announcements channel, and the group-valued permissions
   * (`{ new, old? }`). The retention period and who may create and manage groups are for owners.
   * Answers the changed simple settings (text ones as `"updated"`). Not all-or-nothing: as on the
   * server, a setting refused part-way rejects the call while the settings changed before it stay
   * changed (their events sent); docs/realm.md gives the server's order.
   *
   * @example
   * await client.realm.update({ name: 'Acme', message_content_edit_limit_seconds: 'unlimited' });
   */
  update(params: EndpointParams<typeof updateRealm>, options?: CallOptions): ApiCall<EndpointResult<typeof updateRealm>> {
    return this.#call(updateRealm, params, options);
  }

  /**
   * Changes the personal settings new users start with (`PATCH /realm/user_settings_defaults`,
   * administrators); existing users keep theirs.
   *
   * @example
   * await client.realm.updateUserSettingsDefaults({ enter_sends: true, twenty_four_hour_time: true });
   */
  updateUserSettingsDefaults(
    params: EndpointParams<typeof updateRealmUserSettingsDefaults>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof updateRealmUserSettingsDefaults>> {
    return this.#call(updateRealmUserSettingsDefaults, params, options);
  }

  /**
   * Has Welcome Bot send the calling administrator a custom welcome message, to preview what new
   * users would get (`POST /realm/test_welcome_bot_custom_message`, feature level 416). The text
   * is quoted below a note from the administrators; answers the direct message's ID.
   *
   * @example
   * const { message_id } = await client.realm.testWelcomeBotCustomMessage({
   *   welcome_message_custom_text: 'Say hi in #**general**!',
   * });
   */
  testWelcomeBotCustomMessage(
    params: EndpointParams<typeof testWelcomeBotCustomMessage>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof testWelcomeBotCustomMessage>> {
    return this.#call(testWelcomeBotCustomMessage, params, options);
  }

  /**
   * Lists the e-mail domains allowed for signups (`GET /realm/domains`).
   *
   * @example
   * const { domains } = await client.realm.listDomains();
   */
  listDomains(params: EndpointParams<typeof getRealmDomains> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getRealmDomains>> {
    return this.#call(getRealmDomains, params, options);
  }

  /**
   * Allows a domain (`POST /realm/domains`, owners); answers `new_domain: [id, domain]`.
   *
   * @example
   * const { new_domain } = await owner.realm.addDomain({ domain: 'example.com', allow_subdomains: false }); // `owner`: a ChatClient of an owner
   */
  addDomain(params: EndpointParams<typeof addRealmDomain>, options?: CallOptions): ApiCall<EndpointResult<typeof addRealmDomain>> {
    return this.#call(addRealmDomain, params, options);
  }

  /**
   * Changes whether a domain's subdomains are allowed (`PATCH /realm/domains/{domain}`, owners).
   *
   * @example
   * await owner.realm.addDomain({ domain: 'example.com', allow_subdomains: false }); // `owner`: a ChatClient of an owner
   * await owner.realm.updateDomain({ domain: 'example.com', allow_subdomains: true });
   */
  updateDomain(params: EndpointParams<typeof updateRealmDomain>, options?: CallOptions): ApiCall<EndpointResult<typeof updateRealmDomain>> {
    return this.#call(updateRealmDomain, params, options);
  }

  /**
   * Stops allowing a domain (`DELETE /realm/domains/{domain}`, owners).
   *
   * @example
   * await owner.realm.addDomain({ domain: 'example.com', allow_subdomains: false }); // `owner`: a ChatClient of an owner
   * await owner.realm.removeDomain({ domain: 'example.com' });
   */
  removeDomain(params: EndpointParams<typeof removeRealmDomain>, options?: CallOptions): ApiCall<EndpointResult<typeof removeRealmDomain>> {
    return this.#call(removeRealmDomain, params, options);
  }

  /**
   * Adds a code playground (`POST /realm/playgrounds`, administrators): `url_template` is an
   * RFC 6570 template whose only variable is `code`.
   *
   * @example
   * const { id } = await client.realm.addPlayground({
   *   name: 'Rust playground', pygments_language: 'Rust', url_template: 'https://play.rust-lang.org/?code={code}',
   * });
   */
  addPlayground(params: EndpointParams<typeof addCodePlayground>, options?: CallOptions): ApiCall<EndpointResult<typeof addCodePlayground>> {
    return this.#call(addCodePlayground, params, options);
  }

  /**
   * Removes a code playground (`DELETE /realm/playgrounds/{playground_id}`, administrators).
   *
   * @example
   * await client.realm.removePlayground({ playground_id: playgroundId });
   */
  removePlayground(params: EndpointParams<typeof removeCodePlayground>, options?: CallOptions): ApiCall<EndpointResult<typeof removeCodePlayground>> {
    return this.#call(removeCodePlayground, params, options);
  }

  /**
   * Uploads the organization's icon (`POST /realm/icon`, multipart; administrators): a PNG,
   * GIF, JPEG, WebP, AVIF, HEIC or TIFF image of at most 5 MiB (`max_icon_file_size_mib`).
   * Answers the new `icon_url`; every user gets a `realm` `update_dict` event (`property: 'icon'`).
   * Not in the API's OpenAPI description: documented by the server's source.
   *
   * @example
   * const { icon_url } = await client.realm.uploadIcon({ content: pngBytes, contentType: 'image/png' });
   */
  uploadIcon(params: ImageUpload, options?: CallOptions): ApiCall<EndpointResult<typeof uploadRealmIcon>> {
    return withImageFile(params, (file) => this.#call(uploadRealmIcon, { file }, options));
  }

  /**
   * Goes back to the default icon (`DELETE /realm/icon`; administrators). Answers its `icon_url`.
   * Documented by the server's source.
   *
   * @example
   * await client.realm.deleteIcon();
   */
  deleteIcon(params: EndpointParams<typeof deleteRealmIcon> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof deleteRealmIcon>> {
    return this.#call(deleteRealmIcon, params, options);
  }

  /**
   * Uploads the organization's logo for the light theme, or with `night: true` the dark theme's
   * (`POST /realm/logo`, multipart; administrators; not on Zulip Cloud's limited plan): an image
   * as for {@link RealmResource.uploadIcon}, at most 5 MiB (`max_logo_file_size_mib`). Every user
   * gets a `realm` `update_dict` event (`property: 'logo'` or `'night_logo'`). Documented by the
   * server's source.
   *
   * @example
   * await client.realm.uploadLogo({ night: false, content: pngBytes, contentType: 'image/png' });
   */
  uploadLogo(params: ImageUpload & { readonly night: boolean }, options?: CallOptions): ApiCall<EndpointResult<typeof uploadRealmLogo>> {
    return withImageFile(params, (file) => this.#call(uploadRealmLogo, { night: params.night, file }, options));
  }

  /**
   * Goes back to the default logo for the light theme, or with `night: true` the dark theme's
   * (`DELETE /realm/logo`; administrators). Documented by the server's source.
   *
   * @example
   * await client.realm.deleteLogo({ night: true });
   */
  deleteLogo(params: EndpointParams<typeof deleteRealmLogo>, options?: CallOptions): ApiCall<EndpointResult<typeof deleteRealmLogo>> {
    return this.#call(deleteRealmLogo, params, options);
  }
}
