// Pygments' token spans inside a highlighted block: `<span class="k">`, and their ends (the
// `<span></span>` before `<code>` is the server's too, and stays).
const PYGMENTS_SPAN = /<span class="[a-z0-9 ]+">|<\/span>(?!<code>)/g;

/** The HTML with Pygments' token spans inside each `<pre>` removed: the issue makes them optional. */
export function withoutPygmentsSpans(html: string): string {
  return html.replace(/<pre>([\s\S]*?)<\/pre>/g, (_, inner: string) => `<pre>${inner.replace(PYGMENTS_SPAN, '')}</pre>`);
}
