import { unixSeconds } from '../clock';
import { renderMessage } from '../markdown/render';
import type { MockState } from '../state';
import { type LinkEmbedData, linkEmbedData } from './embed-data';

/**
 * The server's embed worker (`zerver/worker/embed_links.py`) for a message just sent or edited
 * with links its Open Graph step left to it: it fetches each (here: the registered pages), renders
 * the message again with what it found and, as `do_update_embedded_data` does whether or not that
 * changed anything, stores it and sends its readers a rendering-only `update_message`. The server
 * runs it after the request, in a queue; the mock runs it right after the send or edit, so its
 * event is the next one. It does nothing if the message is gone or its content changed since.
 */
export function fetchLinkEmbeds(state: MockState, messageId: number, content: string, urls: readonly string[] | undefined): void {
  if (!urls || urls.length === 0) return;
  const found = new Map<string, LinkEmbedData | null>();
  for (const url of urls) found.set(url, linkEmbedData(state.linkPreviews, url));
  const message = state.store.tables.message.get(messageId);
  if (!message || message.content !== content) return;
  const sender = state.store.tables.user.get(message.sender_id);
  const rendered = renderMessage(state, content, sender, undefined, found).html;
  state.store.tables.message.update(messageId, { rendered_content: rendered });
  state.events.record({ kind: 'message_rerendered', messageId, timestamp: unixSeconds(state.clock), content, rendered });
}
