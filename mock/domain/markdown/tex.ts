import katex from 'katex';
import { escapeCode, escapeText } from './escape';

/**
 * Math as the server renders it with KaTeX; a formula KaTeX rejects becomes the server's
 * `tex-error` span with the source (inline math keeps its `$$`, as typed).
 */
export function renderTex(tex: string, display: boolean): string {
  try {
    return katex.renderToString(tex, { displayMode: display, throwOnError: true });
  } catch {
    // The server escapes inline sources like text and display sources like attributes.
    const source = display ? escapeCode(tex).replace(/&#39;/g, '&#x27;') : escapeText(`$$${tex}$$`);
    return `<span class="tex-error">${source}</span>`;
  }
}
