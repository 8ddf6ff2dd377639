import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { RealmExport, RealmExportConsent } from '../../../src/schemas/realm-export';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import { postNotice } from '../notification-bot';
import { randomPathToken, randomTempName } from '../random';
import type { MockState } from '../state';
import { unixSecondsOf } from '../unix-time';
import { userSettingsOf } from '../user-settings/operations';

/** The server's `RealmExport` statuses. */
const STATUS = { requested: 1, started: 2, succeeded: 3, failed: 4, deleted: 5 } as const;

/** `export_type` values: public data only, or also the private data of consenting users. */
export const EXPORT_TYPES = { public: 1, fullWithConsent: 2 } as const;

/** At most this many exports may be asked for in any 7 days. */
const EXPORT_LIMIT = 5;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** `email_address_visibility` "nobody" (5 is moderators). */
const EMAIL_VISIBLE_TO_NOBODY = 4;

/** The support address the server's messages name (the development server's `ZULIP_ADMINISTRATOR`). */
const SUPPORT_EMAIL = 'desdemona+admin@zulip.com';

function serialized(state: MockState, row: RecordOf<'realmExport'>): RealmExport {
  return {
    id: row.id,
    export_time: unixSecondsOf(row.date_requested),
    acting_user_id: row.acting_user_id,
    export_url: row.status === STATUS.succeeded && row.export_path !== null ? `${state.realm.url}${row.export_path}` : null,
    deleted_timestamp: row.date_deleted === null ? null : unixSecondsOf(row.date_deleted),
    failed_timestamp: row.date_failed === null ? null : unixSecondsOf(row.date_failed),
    pending: row.status === STATUS.requested || row.status === STATUS.started,
    ...(hasLevel(state, LEVEL.realmExportType) ? { export_type: row.export_type } : {}),
  };
}

/** The realm's exports, by ascending ID (`get_realm_exports_serialized`). */
export function listRealmExports(state: MockState): RealmExport[] {
  return state.store.tables.realmExport
    .all()
    .sort((a, b) => a.id - b.id)
    .map((row) => serialized(state, row));
}

/** The realm's active human owners (the server's `get_human_owner_users`). */
function owners(state: MockState): UserRecord[] {
  return state.store.tables.user.all().filter((user) => user.is_active && user.role === ROLE_VALUES.owner && !user.is_bot);
}

/**
 * `POST /export/realm`, in the server's order: at most 5 exports in 7 days, then (before feature
 * level 430) an owner who will be usable after an import. The mock makes the export at once: a
 * pending `realm_export` event, the Notification Bot's message to the requester, then the
 * finished list. (The server's size limits, 250,000 messages and 20 GiB of uploads, are far
 * beyond what a mock realm holds.)
 */
export function exportRealm(state: MockState, user: UserRecord, exportType: number): number {
  const now = state.clock.now();
  const recent = state.store.tables.realmExport.all().filter((row) => row.date_requested >= now - WEEK_MS);
  if (recent.length >= EXPORT_LIMIT) throw badRequest('Exceeded rate limit.');
  if (!hasLevel(state, LEVEL.exportWithoutUsableOwner)) checkUsableOwner(state, exportType);
  const id = state.store.ids.next('realmExport');
  state.store.tables.realmExport.insert({
    id,
    acting_user_id: user.id,
    export_type: exportType,
    status: STATUS.requested,
    date_requested: now,
    date_failed: null,
    date_deleted: null,
    export_path: null,
  });
  state.events.record({ kind: 'realm_exports_changed', exports: listRealmExports(state) });
  completeExport(state, id, user);
  return id;
}

/**
 * Older servers refuse an export after which no owner could log in: a full export needs an owner
 * consenting to private data exports, a public one an owner whose email address is not hidden from
 * everyone.
 */
function checkUsableOwner(state: MockState, exportType: number): void {
  if (exportType === EXPORT_TYPES.fullWithConsent && !owners(state).some((owner) => userSettingsOf(state, owner).allow_private_data_export)) {
    throw badRequest(`Make sure at least one Organization Owner is consenting to the export or contact ${SUPPORT_EMAIL} for help.`);
  }
  if (exportType === EXPORT_TYPES.public && !owners(state).some((owner) => owner.email_address_visibility !== EMAIL_VISIBLE_TO_NOBODY)) {
    throw badRequest(
      `Make sure at least one Organization Owner allows other Administrators to see their email address or contact ${SUPPORT_EMAIL} for help`,
    );
  }
}

/** What the server's export worker does when it finishes: the tarball's path, the requester told, the list sent again. */
function completeExport(state: MockState, id: number, requester: UserRecord): void {
  const path = `/user_avatars/exports/${state.realm.id}/${randomPathToken()}/zulip-export-${randomTempName(8)}.tar.gz`;
  state.store.tables.realmExport.update(id, { status: STATUS.succeeded, export_path: path });
  postNotice(
    state,
    { type: 'private', userIds: [requester.id] },
    'Your data export is complete. [View and download exports](/#organization/data-exports-admin).',
  );
  state.events.record({ kind: 'realm_exports_changed', exports: listRealmExports(state) });
}

/**
 * `DELETE /export/realm/{export_id}` (`delete_realm_export`): only a finished export of the realm
 * can be deleted; its row stays, marked deleted, and the administrators get the list again.
 */
export function deleteRealmExport(state: MockState, exportId: number): void {
  const row = state.store.tables.realmExport.get(exportId);
  if (row === undefined) throw badRequest('Invalid data export ID');
  if (row.status === STATUS.deleted) throw badRequest('Export already deleted');
  if (row.status === STATUS.failed) throw badRequest('Export failed, nothing to delete');
  if (row.status === STATUS.requested || row.status === STATUS.started) throw badRequest('Export still in progress');
  state.store.tables.realmExport.update(exportId, { status: STATUS.deleted, date_deleted: state.clock.now() });
  state.events.record({ kind: 'realm_exports_changed', exports: listRealmExports(state) });
}

/**
 * Every active human user's consent to exports of their private data, by user ID, and from feature
 * level 430 their email address visibility (whether an export will carry their address).
 */
export function exportConsents(state: MockState): RealmExportConsent[] {
  const withVisibility = hasLevel(state, LEVEL.exportWithoutUsableOwner);
  return state.store.tables.user
    .all()
    .filter((user) => user.is_active && !user.is_bot)
    .sort((a, b) => a.id - b.id)
    .map((user) => ({
      user_id: user.id,
      consented: userSettingsOf(state, user).allow_private_data_export,
      ...(withVisibility ? { email_address_visibility: user.email_address_visibility } : {}),
    }));
}
