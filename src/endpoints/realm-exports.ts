import { defineEndpoint } from '../contract/endpoint';
import {
  DeleteRealmExportParams,
  DeleteRealmExportResponse,
  ExportRealmParams,
  ExportRealmResponse,
  GetRealmExportConsentsParams,
  GetRealmExportConsentsResponse,
  GetRealmExportsParams,
  GetRealmExportsResponse,
} from '../schemas/realm-export';

const administrators = { auth: 'api_key', minRole: 'administrator' } as const;

/** `GET /export/realm`: the organization's data exports (administrators). */
export const getRealmExports = defineEndpoint({
  id: 'get-realm-exports',
  method: 'GET',
  path: '/export/realm',
  params: GetRealmExportsParams,
  response: GetRealmExportsResponse,
  access: administrators,
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /export/realm`: start a data export (administrators; at most 5 a week). */
export const exportRealm = defineEndpoint({
  id: 'export-realm',
  method: 'POST',
  path: '/export/realm',
  params: ExportRealmParams,
  response: ExportRealmResponse,
  access: administrators,
  retrySafe: false,
  featureLevel: 1,
  requires: [{ param: 'export_type', since: 304 }],
});

/** `GET /export/realm/consents`: who consented to exports of their private data (administrators). */
export const getRealmExportConsents = defineEndpoint({
  id: 'get-realm-export-consents',
  method: 'GET',
  path: '/export/realm/consents',
  params: GetRealmExportConsentsParams,
  response: GetRealmExportConsentsResponse,
  access: administrators,
  retrySafe: true,
  featureLevel: 295,
  reportsIgnoredParameters: false,
});

/**
 * `DELETE /export/realm/{export_id}`: delete a finished export's file (administrators). The
 * reference OpenAPI file does not document it; the server's own source does (`delete_realm_export`).
 */
export const deleteRealmExport = defineEndpoint({
  id: 'delete-realm-export',
  method: 'DELETE',
  path: '/export/realm/{export_id}',
  params: DeleteRealmExportParams,
  response: DeleteRealmExportResponse,
  access: administrators,
  retrySafe: false,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});
