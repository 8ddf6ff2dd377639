import MarkdownIt from 'markdown-it';

// Close to the server's dialect: single newlines break lines, bare URLs become links, and
// raw HTML is escaped, never passed through.
const renderer = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** Renders message Markdown to the HTML clients receive with `apply_markdown`. */
export function renderMarkdown(content: string): string {
  return renderer.render(content).trimEnd();
}

/** Whether a message is a `/me` status message. */
export function isMeMessage(content: string): boolean {
  return content.startsWith('/me ');
}
