/** The report types and their names, in the server's order (`Realm.REPORT_MESSAGE_REASONS`). */
export const REPORT_MESSAGE_REASONS = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  norms: 'Violates community norms',
  other: 'Other reason',
} as const;

/** A report type's key. */
export type ReportType = keyof typeof REPORT_MESSAGE_REASONS;

/** The longest explanation a report may have, in characters (`MAX_REPORT_MESSAGE_EXPLANATION_LENGTH`). */
export const MAX_REPORT_MESSAGE_EXPLANATION_LENGTH = 1000;

/** The register state's `server_report_message_types` (feature level 435). */
export function serverReportMessageTypes(): { key: string; name: string }[] {
  return Object.entries(REPORT_MESSAGE_REASONS).map(([key, name]) => ({ key, name }));
}
