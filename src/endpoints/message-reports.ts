import { defineEndpoint } from '../contract/endpoint';
import { ReportMessageParams, ReportMessageResponse } from '../schemas/message-report';

/**
 * `POST /messages/{message_id}/report` (feature level 382): report a message the caller can read
 * to the organization's moderators, in its moderation request channel.
 */
export const reportMessage = defineEndpoint({
  id: 'report-message',
  method: 'POST',
  path: '/messages/{message_id}/report',
  params: ReportMessageParams,
  response: ReportMessageResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 382,
});
