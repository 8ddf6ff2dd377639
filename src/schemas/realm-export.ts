import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** What an export holds: 1 public data only, 2 also the private data of the users who consented. */
export const RealmExportType = z.int();

/** A data export of the organization. */
export const RealmExport = z.looseObject({
  id: Id,
  /** Who asked for it. */
  acting_user_id: Id,
  /** UNIX seconds when it was asked for. */
  export_time: z.number(),
  /** UNIX seconds when it was deleted; `null` if it was not. */
  deleted_timestamp: z.nullable(z.number()),
  /** UNIX seconds when it failed; `null` if it did not (or is still being made). */
  failed_timestamp: z.nullable(z.number()),
  /** Where to download it; `null` while pending, after failing, or once deleted. */
  export_url: z.nullable(z.string()),
  /** Still being made. */
  pending: z.boolean(),
  /** Feature level 304; older servers made public exports only. */
  export_type: z.optional(RealmExportType),
});

/** A data export, as listed and in `realm_export` events. */
export type RealmExport = z.output<typeof RealmExport>;

/** Parameters of `GET /export/realm`. */
export const GetRealmExportsParams = z.object({});

/** Success body of `GET /export/realm`: every export, by ascending ID. */
export const GetRealmExportsResponse = successBody({ exports: z.array(RealmExport) });

/** Parameters of `POST /export/realm`. */
export const ExportRealmParams = z.object({
  /** 1 public, 2 with consent (feature level 304). @default 1 */
  export_type: z.optional(RealmExportType),
});

/** Success body of `POST /export/realm`: the new export's ID (feature level 182). */
export const ExportRealmResponse = successBody({ id: z.optional(Id) });

/** One user's consent to exports of their private data. */
export const RealmExportConsent = z.looseObject({
  user_id: Id,
  consented: z.boolean(),
  /**
   * Who may see the user's real email address (1 everyone … 5 nobody, as the user setting); an
   * export carries it unless it is hidden from everyone. Feature level 430.
   */
  email_address_visibility: z.optional(z.int()),
});

/** One user's consent to exports of their private data. */
export type RealmExportConsent = z.output<typeof RealmExportConsent>;

/** Parameters of `GET /export/realm/consents`. */
export const GetRealmExportConsentsParams = z.object({});

/** Success body of `GET /export/realm/consents`: every active human user's consent. */
export const GetRealmExportConsentsResponse = successBody({ export_consents: z.array(RealmExportConsent) });

/** Parameters of `DELETE /export/realm/{export_id}`. */
export const DeleteRealmExportParams = z.object({ export_id: Id });

/** Success body of `DELETE /export/realm/{export_id}`: nothing beyond the envelope. */
export const DeleteRealmExportResponse = successBody({});
