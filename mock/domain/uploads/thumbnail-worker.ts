import { unixSeconds } from '../clock';
import { unescapeAttribute } from '../markdown/escape';
import { PLACEHOLDER_CLASS, uploadedImageTag } from '../markdown/link-preview-kinds';
import { inlineUploadedImageTag } from '../markdown/media-kinds';
import type { MockState } from '../state';
import { uploadedImage } from './uploaded-images';

// A placeholder as the renderer writes it: the link to the upload, then the placeholder image.
const PLACEHOLDER = new RegExp(`(<a href="/user_uploads/([^"?#]+)"[^>]*>)<img class="${PLACEHOLDER_CLASS}"[^>]*>`, 'g');

// An inline image's placeholder (`![text](/user_uploads/...)`) as the renderer writes it: its
// alt text, source and title, each bare when empty or its own name.
const INLINE_PLACEHOLDER = new RegExp(
  `<img alt(?:="([^"]*)")? class="inline-image ${PLACEHOLDER_CLASS}"[^>]*? data-original-src="(/user_uploads/([^"?#]+))" src="[^"]*"( title(?:="([^"]*)")?)?>`,
  'g',
);

/**
 * The HTML with each placeholder whose image now has its thumbnails swapped for the thumbnail,
 * and whether any placeholder still waits for an image that will get them.
 */
function withThumbnails(state: MockState, html: string): { html: string; waiting: boolean } {
  let waiting = false;
  const rewritten = html
    .replace(PLACEHOLDER, (placeholder, link: string, path: string) => {
      const image = uploadedImage(state, unescapeAttribute(path));
      if (image?.ready) return `${link}${uploadedImageTag(image)}`;
      // A deleted upload never gets thumbnails: its placeholder stays, and is not waited for.
      if (image) waiting = true;
      return placeholder;
    })
    .replace(INLINE_PLACEHOLDER, (placeholder, alt: string | undefined, src: string, path: string, titled: string | undefined, title: string | undefined) => {
      const image = uploadedImage(state, unescapeAttribute(path));
      if (image?.ready) {
        const syntax = { src: unescapeAttribute(src), label: unescapeAttribute(alt ?? ''), title: titled ? unescapeAttribute(title ?? '') : undefined };
        return inlineUploadedImageTag(syntax, image);
      }
      if (image) waiting = true;
      return placeholder;
    });
  return { html: rewritten, waiting };
}

/**
 * What the server's thumbnail worker does once an image's thumbnails exist: messages showing its
 * loading placeholder are re-rendered with the thumbnail, and their readers get a rendering-only
 * `update_message`. The mock runs it on a timer of the realm's clock after each upload, when the
 * default clock is moved, and before each request (a clock may jump without firing timers).
 */
export function finishThumbnails(state: MockState): void {
  const pending = state.store.pendingThumbnails;
  if (pending.size === 0) return;
  for (const messageId of [...pending]) {
    const message = state.store.tables.message.get(messageId);
    if (!message) {
      pending.delete(messageId);
      continue;
    }
    const { html: rendered, waiting } = withThumbnails(state, message.rendered_content);
    if (rendered !== message.rendered_content) {
      state.store.tables.message.update(messageId, { rendered_content: rendered });
      state.events.record({ kind: 'message_rerendered', messageId, timestamp: unixSeconds(state.clock), content: message.content, rendered });
    }
    if (!waiting) pending.delete(messageId);
  }
}
