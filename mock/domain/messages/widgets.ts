import { pythonJsonDumps } from '../python-json';
import { PYTHON_WHITESPACE_CLASS, pythonStrip } from '../python-strip';

/** The widgets a message's first word starts (the server's `valid_widget_types`). */
const WIDGET_TYPES = new Set(['poll', 'todo']);

/** A run of what Python's `\s` matches (its whitespace, which is not JavaScript's). */
const SPACES = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]+`);

/** A list marker and the spaces around it at the start of an option or task line. */
const LIST_MARKER = new RegExp(`^[${PYTHON_WHITESPACE_CLASS}]*[-*]?[${PYTHON_WHITESPACE_CLASS}]*`);

/** Python's `str.splitlines()` line boundaries (with the file, group and record separators). */
const LINE_BREAK = new RegExp(String.raw`\r\n|[\n\r\v\f\u001c-\u001e\u0085\u2028\u2029]`);

/** The title line (the text after the command) and the rest, each without its list marker. */
function titleAndItems(rest: string): { title: string; items: string[] } {
  const lines = rest.split(LINE_BREAK);
  // Python's splitlines() drops the empty string after a final line break.
  if (lines.at(-1) === '') lines.pop();
  let title = '';
  if (lines.length > 0 && lines[0] !== '') title = pythonStrip(lines.shift() ?? '');
  const items = lines.map((line) => pythonStrip(line).replace(LIST_MARKER, '')).filter((item) => item.length > 0);
  return { title, items };
}

function widgetData(type: string, rest: string): Record<string, unknown> {
  const { title, items } = titleAndItems(rest);
  if (type === 'poll') return { question: title, options: items };
  const tasks = items.map((item) => {
    const separator = item.indexOf(': ');
    return separator < 0
      ? { task: pythonStrip(item), desc: '' }
      : { task: pythonStrip(item.slice(0, separator)), desc: pythonStrip(item.slice(separator + 2)) };
  });
  return { task_list_title: title, tasks };
}

/**
 * The widget submessage content a message starts, as the server's `get_widget_data` reads it:
 * content whose first word is `/poll` or `/todo` (the question or title on its line, one option
 * or task per following line). The content is the JSON text the server stores.
 */
export function widgetContent(content: string): string | undefined {
  const [command = ''] = content.split(SPACES, 1);
  if (!command.startsWith('/') || !WIDGET_TYPES.has(command.slice(1))) return undefined;
  const type = command.slice(1);
  return pythonJsonDumps({ widget_type: type, extra_data: widgetData(type, content.replace(command, '')) });
}
