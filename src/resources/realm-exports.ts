import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { deleteRealmExport, exportRealm, getRealmExportConsents, getRealmExports } from '../endpoints/realm-exports';
import type { EndpointCaller } from './caller';

/**
 * Data exports of the organization (administrators): `client.realmExports`. Each change reaches
 * the human administrators as a `realm_export` event with the whole list.
 *
 * @example
 * const { exports } = await client.realmExports.list();
 */
export class RealmExportsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the organization's data exports, by ascending ID (`GET /export/realm`).
   *
   * @example
   * const { exports } = await client.realmExports.list();
   * const ready = exports.filter((entry) => entry.export_url !== null);
   */
  list(params: EndpointParams<typeof getRealmExports> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getRealmExports>> {
    return this.#call(getRealmExports, params, options);
  }

  /**
   * Starts a data export (`POST /export/realm`): public data (`export_type: 1`, the default), or
   * also the private data of consenting users (`2`, feature level 304). At most 5 a week.
   *
   * @example
   * const { id } = await client.realmExports.create({ export_type: 2 });
   */
  create(params: EndpointParams<typeof exportRealm> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof exportRealm>> {
    return this.#call(exportRealm, params, options);
  }

  /**
   * Lists whether each active human user consented to exports of their private data
   * (`GET /export/realm/consents`, feature level 295).
   *
   * @example
   * const { export_consents } = await client.realmExports.consents();
   */
  consents(
    params: EndpointParams<typeof getRealmExportConsents> = {},
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof getRealmExportConsents>> {
    return this.#call(getRealmExportConsents, params, options);
  }

  /**
   * Deletes a finished export's file (`DELETE /export/realm/{export_id}`): it stays listed, with
   * `deleted_timestamp` set and no `export_url`. Refused for an unknown ID (`Invalid data export
   * ID`), an export already deleted, one that failed, or one still being made. The reference
   * OpenAPI file does not document this operation; the server's source (`delete_realm_export`) does.
   *
   * @example
   * const { id } = await client.realmExports.create();
   * if (id !== undefined) await client.realmExports.delete({ export_id: id }); // `id` since feature level 182
   */
  delete(params: EndpointParams<typeof deleteRealmExport>, options?: CallOptions): ApiCall<EndpointResult<typeof deleteRealmExport>> {
    return this.#call(deleteRealmExport, params, options);
  }
}
