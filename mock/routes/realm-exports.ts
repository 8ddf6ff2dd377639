import type { realmExports } from '../../src/endpoints/index';
import { deleteRealmExport, EXPORT_TYPES, exportConsents, exportRealm, listRealmExports } from '../domain/realm-exports/operations';
import type { Implementation } from '../http/operation';

/** Data exports: decode → domain → payload. */
export const realmExportRoutes = {
  getRealmExports: ({ state }) => ({ exports: listRealmExports(state) }),
  exportRealm: ({ state, user, params }) => ({ id: exportRealm(state, user, params.export_type ?? EXPORT_TYPES.public) }),
  getRealmExportConsents: ({ state }) => ({ export_consents: exportConsents(state) }),
  deleteRealmExport: ({ state, params }) => {
    deleteRealmExport(state, params.export_id);
    return {};
  },
} satisfies { [Name in keyof typeof realmExports]: Implementation<(typeof realmExports)[Name]> };
