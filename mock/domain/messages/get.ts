import type * as z from 'zod/mini';
import type { GetMessageResponse } from '../../../src/schemas/message';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { readableMessageOrFail } from './access';
import { serializeMessage } from './serialize';
import { strictUserAccessFor } from '../accounts/user-access';

/** Fetches one message as the viewer sees it, with its Markdown source in `raw_content`. */
export function getMessage(
  state: MockState,
  viewer: UserRecord,
  input: { message_id: number; apply_markdown?: boolean | undefined; allow_empty_topic_name?: boolean | undefined },
): z.input<typeof GetMessageResponse> {
  const message = readableMessageOrFail(state, viewer, input.message_id);
  return {
    message: serializeMessage(state, viewer, message, {
      applyMarkdown: input.apply_markdown ?? true,
      allowEmptyTopicName: input.allow_empty_topic_name ?? false,
      // The server fetches single messages with client_gravatar on (no parameter changes it).
      clientGravatar: true,
      canAccessSender: strictUserAccessFor(state, viewer),
    }),
    raw_content: message.content,
  };
}
