import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { postNotice } from '../notification-bot';
import type { MockState } from '../state';
import { truncateTopic } from '../topics';
import { readableMessageOrFail } from './access';
import { reportContent } from './report-content';
import type { ReportType } from './report-types';

/** What `POST /messages/{message_id}/report` reads. */
export interface ReportInput {
  readonly message_id: number;
  readonly report_type: ReportType;
  readonly description?: string | undefined;
}

/**
 * `POST /messages/{message_id}/report`: Notification Bot posts the report in the organization's
 * moderation request channel, under "{sender's name} moderation" (the empty topic where the
 * channel allows only that one). Checked in the server's order: an explanation for `other`, a
 * moderation request channel, then access to the message (a public channel's messages need no
 * subscription). The type and the explanation's length were checked as the parameters were read.
 */
export function reportMessage(state: MockState, reporter: UserRecord, input: ReportInput): void {
  const description = input.description ?? '';
  if (input.report_type === 'other' && description === '') throw badRequest('An explanation is required.');
  const channelId = state.realm.moderation_request_channel_id;
  const channel = channelId === null ? undefined : state.store.tables.channel.get(channelId);
  if (!channel) throw badRequest('Message reporting is not enabled in this organization.');
  const message = readableMessageOrFail(state, reporter, input.message_id);
  const sender = state.store.tables.user.get(message.sender_id);
  const topic = channel.topics_policy === 'empty_topic_only' ? '' : truncateTopic(state.realm, `${sender?.full_name ?? ''} moderation`);
  postNotice(state, { type: 'stream', channel, topic }, reportContent(state, reporter, message, input.report_type, description));
}
