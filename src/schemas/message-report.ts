import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Why a message is reported (the server's `REPORT_MESSAGE_REASONS` keys). */
export const ReportType = z.enum(['spam', 'harassment', 'inappropriate', 'norms', 'other']);

/** A report's explanation: at most 1000 characters; required for `other`. */
export const ReportDescription = z.string();

/** Parameters of `POST /messages/{message_id}/report` (feature level 382), in the order the server reads them. */
export const ReportMessageParams = z.object({
  message_id: Id,
  description: z.optional(ReportDescription),
  report_type: ReportType,
});

/** Success body of `POST /messages/{message_id}/report`: nothing beyond the envelope. */
export const ReportMessageResponse = successBody({});

/** A report type as `server_report_message_types` lists it (feature level 435). */
export const ServerReportMessageType = z.looseObject({
  /** The `report_type` value. */
  key: z.string(),
  /** Its name, as moderators read it in the report. */
  name: z.string(),
});
