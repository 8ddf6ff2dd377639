import type { UserRecord } from '../../store/store';
import { renderMessage } from '../markdown/render';
import type { MockState } from '../state';

/**
 * `POST /messages/render`: the HTML a message with this content would get, without sending it.
 * Like the server, any text renders, even empty or over-long text: nothing is checked or cut.
 */
export function renderPreview(state: MockState, user: UserRecord, content: string): { rendered: string } {
  return { rendered: renderMessage(state, content, user).html };
}
