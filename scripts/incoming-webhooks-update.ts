/**
 * Regenerates the real server's incoming webhook integrations, in its order, the legacy ones
 * marked (`POST /register` leaves them out of `realm_incoming_webhook_bots`; `POST /bots` knows
 * their names): `name`, `display_name` (the name title-cased when none is declared),
 * `all_event_types` (the event types the webhook's view declares to its `webhook_view`
 * decorator, null when it declares none), `config_options`, and from feature level 403
 * `url_options` (its presets read from `zerver/lib/webhooks/common.py`). Read statically from a
 * Zulip checkout given on the command line: `zerver/lib/integrations.py` and each webhook's
 * `zerver/webhooks/<dir>/view.py`. A checkout older than feature level 403 (no URL options)
 * writes `mock/domain/bots/incoming-webhook-integrations.json`, a newer one
 * `incoming-webhook-integrations-403.json` beside it. A view's event types may be a list,
 * tuple or set literal, a dict's keys or values, or lists added together; anything else stops
 * the script.
 *
 * usage: npx tsx scripts/incoming-webhooks-update.ts <zulip checkout>
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../mock/domain/bots/incoming-webhook-integrations.json', import.meta.url));
const OUTPUT_FROM_403 = fileURLToPath(new URL('../mock/domain/bots/incoming-webhook-integrations-403.json', import.meta.url));

type Token = { readonly kind: 'string' | 'name' | 'punct' | 'newline'; readonly text: string };

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);
const STRING_START = /^[rRbBuUfF]{0,2}("""|'''|"|')/;

/**
 * Python's tokens, enough for literals: strings (adjacent ones joined), names, punctuation, and
 * the end of each logical line (a newline outside brackets); comments dropped.
 */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  let depth = 0;
  while (index < source.length) {
    const rest = source.slice(index);
    const space = /^([ \t\f]+|\\\n|#[^\n]*)/.exec(rest);
    if (space) {
      index += space[0].length;
      continue;
    }
    if (rest.startsWith('\n')) {
      if (depth === 0) {
        // The newline carries the next line's indentation: blank lines and comments give way to the next.
        const newline: Token = { kind: 'newline', text: `\n${/^[ \t]*/.exec(rest.slice(1))?.[0] ?? ''}` };
        if (tokens.at(-1)?.kind === 'newline') tokens[tokens.length - 1] = newline;
        else tokens.push(newline);
      }
      index++;
      continue;
    }
    const quote = STRING_START.exec(rest);
    if (quote && (quote[0].length === quote[1]?.length || /^[a-zA-Z]+["']/.test(rest))) {
      const delimiter = quote[1] ?? '"';
      let end = quote[0].length;
      let text = '';
      while (!rest.startsWith(delimiter, end)) {
        if (rest[end] === '\\') {
          text += rest[end + 1] ?? '';
          end += 2;
        } else text += rest[end++];
        if (end > rest.length) throw new Error(`unterminated string at ${source.slice(index, index + 40)}`);
      }
      const previous = tokens.at(-1);
      // Adjacent literals are one string.
      if (previous?.kind === 'string') tokens[tokens.length - 1] = { kind: 'string', text: previous.text + text };
      else tokens.push({ kind: 'string', text });
      index += end + delimiter.length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', text: name[0] });
      index += name[0].length;
      continue;
    }
    const number = /^[0-9][0-9_.]*/.exec(rest);
    if (number) {
      tokens.push({ kind: 'name', text: number[0] });
      index += number[0].length;
      continue;
    }
    const punct = /^(\*\*|->|==|!=|<=|>=|[^\s])/.exec(rest)?.[0] ?? rest.charAt(0);
    if (OPEN.has(punct)) depth++;
    else if (CLOSE.has(punct)) depth--;
    tokens.push({ kind: 'punct', text: punct });
    index += punct.length;
  }
  return tokens;
}

/** The index just past the expression starting at `start`, which ends at a comma or closing bracket at its own depth. */
function skipExpression(tokens: readonly Token[], start: number): number {
  let depth = 0;
  for (let index = start; index < tokens.length; index++) {
    const { kind, text } = tokens[index] as Token;
    if (kind !== 'punct') continue;
    if (OPEN.has(text)) depth++;
    else if (CLOSE.has(text)) {
      if (depth === 0) return index;
      depth--;
    } else if (text === ',' && depth === 0) return index;
  }
  return tokens.length;
}

/** A module's top-level names and the tokens of the expressions assigned to them. */
function assignments(source: string): Map<string, Token[]> {
  const found = new Map<string, Token[]>();
  const tokens = tokenize(source);
  let lineStart = 0;
  for (let index = 0; index <= tokens.length; index++) {
    if (index < tokens.length && tokens[index]?.kind !== 'newline') continue;
    const line = tokens.slice(lineStart, index);
    const indented = lineStart > 0 && tokens[lineStart - 1]?.text !== '\n';
    lineStart = index + 1;
    if (indented) continue;
    const equals = line.findIndex((token) => token.kind === 'punct' && token.text === '=');
    // `NAME = ...` or `NAME: type = ...` at the start of a logical line; indented code is never read.
    if (line[0]?.kind !== 'name' || equals < 1 || (equals > 1 && line[1]?.text !== ':')) continue;
    found.set(line[0].text, line.slice(equals + 1));
  }
  return found;
}

/** The strings an event-types expression lists, in order (a dict gives its keys). */
function evaluate(tokens: readonly Token[], names: ReadonlyMap<string, Token[]>, what: string): string[] {
  const parts: string[][] = [];
  let index = 0;
  while (index < tokens.length) {
    const [values, next] = evaluateTerm(tokens, index, names, what);
    parts.push(values);
    index = next;
    if (index < tokens.length) {
      if (tokens[index]?.text !== '+') throw new Error(`${what}: cannot read ${tokens.map((token) => token.text).join(' ')}`);
      index++;
    }
  }
  return parts.flat();
}

function evaluateTerm(tokens: readonly Token[], start: number, names: ReadonlyMap<string, Token[]>, what: string): [string[], number] {
  const token = tokens[start];
  if (token?.kind === 'string') return [[token.text], start + 1];
  if (token?.kind === 'punct' && OPEN.has(token.text)) return literal(tokens, start, names, what);
  if (token?.kind === 'name' && token.text === 'list' && tokens[start + 1]?.text === '(') {
    const end = skipExpression(tokens, start + 2);
    return [evaluate(tokens.slice(start + 2, end), names, what), end + 1];
  }
  if (token?.kind === 'name') {
    const assigned = names.get(token.text);
    if (!assigned) throw new Error(`${what}: no top-level ${token.text}`);
    const method = tokens[start + 1]?.text === '.' ? tokens[start + 2]?.text : undefined;
    if (method === 'keys' || method === 'values') {
      if (tokens[start + 3]?.text !== '(' || tokens[start + 4]?.text !== ')') throw new Error(`${what}: cannot read ${token.text}.${method}`);
      return [dictionaryPart(assigned, method, what), start + 5];
    }
    return [evaluate(assigned, names, `${what} (${token.text})`), start + 1];
  }
  throw new Error(`${what}: cannot read ${token?.text ?? 'the end'}`);
}

/** A list, tuple, set or dict literal of strings (a dict: its keys). */
function literal(tokens: readonly Token[], start: number, names: ReadonlyMap<string, Token[]>, what: string): [string[], number] {
  if (tokens[start]?.text === '{' && isDictionary(tokens, start)) {
    const end = closingOf(tokens, start);
    return [dictionary(tokens.slice(start, end + 1), what).keys, end + 1];
  }
  const values: string[] = [];
  let index = start + 1;
  while (!CLOSE.has(tokens[index]?.text ?? ')')) {
    const end = skipExpression(tokens, index);
    values.push(...evaluate(tokens.slice(index, end), names, what));
    index = tokens[end]?.text === ',' ? end + 1 : end;
  }
  return [values, index + 1];
}

/** The index of the bracket closing the one at `start`. */
function closingOf(tokens: readonly Token[], start: number): number {
  let depth = 0;
  for (let index = start; index < tokens.length; index++) {
    const text = tokens[index]?.text ?? '';
    if (tokens[index]?.kind !== 'punct') continue;
    if (OPEN.has(text)) depth++;
    else if (CLOSE.has(text) && --depth === 0) return index;
  }
  throw new Error('unbalanced brackets');
}

/** Whether the braces at `start` hold a dict (`{}`, or a first entry `key: value`) rather than a set. */
function isDictionary(tokens: readonly Token[], start: number): boolean {
  return tokens[start + 1]?.text === '}' || tokens[start + 2]?.text === ':';
}

/** A dict literal's keys, and its values where they are string literals (undefined elsewhere). */
function dictionary(tokens: readonly Token[], what: string): { keys: string[]; values: (string | undefined)[] } {
  if (tokens[0]?.text !== '{') throw new Error(`${what}: not a dict literal`);
  const keys: string[] = [];
  const values: (string | undefined)[] = [];
  let index = 1;
  while (index < tokens.length && tokens[index]?.text !== '}') {
    const key = tokens[index];
    if (key?.kind !== 'string' || tokens[index + 1]?.text !== ':') throw new Error(`${what}: a dict key that is not a string literal: ${key?.text ?? ''}`);
    keys.push(key.text);
    const end = skipExpression(tokens, index + 2);
    const value = tokens.slice(index + 2, end);
    values.push(value.length === 1 && value[0]?.kind === 'string' ? value[0].text : undefined);
    index = tokens[end]?.text === ',' ? end + 1 : end;
  }
  return { keys, values };
}

/** A dict's keys or its string values. */
function dictionaryPart(tokens: readonly Token[], part: 'keys' | 'values', what: string): string[] {
  const { keys, values } = dictionary(tokens, what);
  if (part === 'keys') return keys;
  return values.map((value) => {
    if (value === undefined) throw new Error(`${what}: a dict value that is not a string literal`);
    return value;
  });
}

/** Python's `str.title()`: a letter after a non-letter upper-cased, the others lower-cased. */
function title(name: string): string {
  let previousLetter = false;
  let result = '';
  for (const character of name) {
    const letter = character.toLowerCase() !== character.toUpperCase();
    result += letter ? (previousLetter ? character.toLowerCase() : character.toUpperCase()) : character;
    previousLetter = letter;
  }
  return result;
}

/** The keyword arguments of a call's own level (`display_name="..."`), as tokens. */
function keywordArguments(tokens: readonly Token[]): { positional: Token[][]; keywords: Map<string, Token[]> } {
  const positional: Token[][] = [];
  const keywords = new Map<string, Token[]>();
  let index = 0;
  while (index < tokens.length) {
    const end = skipExpression(tokens, index);
    const argument = tokens.slice(index, end);
    if (argument[0]?.kind === 'name' && argument[1]?.text === '=') keywords.set(argument[0].text, argument.slice(2));
    else if (argument.length > 0) positional.push(argument);
    index = end + 1;
  }
  return { positional, keywords };
}

/** The calls `Callee(...)` a list literal holds, each as its argument tokens. */
function calls(tokens: readonly Token[], callee: string): Token[][] {
  const found: Token[][] = [];
  let index = 1;
  while (index < tokens.length - 1) {
    if (tokens[index]?.text !== callee || tokens[index + 1]?.text !== '(') throw new Error(`expected ${callee}(, got ${tokens[index]?.text ?? ''}`);
    const close = closingOf(tokens, index + 1);
    found.push(tokens.slice(index + 2, close));
    index = tokens[close + 1]?.text === ',' ? close + 2 : close + 1;
  }
  return found;
}

function stringOf(tokens: readonly Token[] | undefined, what: string): string {
  if (tokens?.length !== 1 || tokens[0]?.kind !== 'string') throw new Error(`${what}: expected a string literal`);
  return tokens[0].text;
}

/** The event types the view function's `webhook_view` decorator declares, or null. */
function declaredEventTypes(checkout: string, functionPath: string, what: string): string[] | null {
  const module = functionPath.slice(0, functionPath.lastIndexOf('.'));
  const functionName = functionPath.slice(functionPath.lastIndexOf('.') + 1);
  const base = join(checkout, module.replaceAll('.', '/'));
  // A view module may be a package.
  const source = readFileSync(existsSync(`${base}.py`) ? `${base}.py` : join(base, '__init__.py'), 'utf8');
  const definition = source.indexOf(`\ndef ${functionName}(`);
  if (definition < 0) throw new Error(`${what}: no function ${functionName}`);
  // The decorators: the lines starting with "@" (and their continuations) just above the definition.
  const before = source.slice(0, definition);
  const decorators = before.slice(before.search(/\n\n(?=@)(?![\s\S]*\n\n@)/) + 1);
  const argument = /all_event_types=([A-Za-z_][A-Za-z0-9_]*)/.exec(decorators)?.[1];
  return argument === undefined ? null : evaluate([{ kind: 'name', text: argument }], assignments(source), `${what} ${argument}`);
}

/** What the server's `WebhookUrlOption.build_preset_config` makes of each `PresetUrlOption`, read from `zerver/lib/webhooks/common.py`. */
function presetUrlOptions(checkout: string): Map<string, Option> {
  const source = readFileSync(join(checkout, 'zerver/lib/webhooks/common.py'), 'utf8');
  const enumBody = /\nclass PresetUrlOption\([^)]*\):\n((?:[ \t]+[^\n]*\n)+)/.exec(source)?.[1] ?? '';
  const values = new Map([...enumBody.matchAll(/^[ \t]+([A-Z_]+) = "([^"]*)"$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));
  const presets = new Map<string, Option>();
  for (const match of source.matchAll(/case PresetUrlOption\.([A-Z_]+):\s*return cls\(/g)) {
    const tokens = tokenize(source.slice((match.index ?? 0) + match[0].length - 1));
    const { keywords } = keywordArguments(tokens.slice(1, closingOf(tokens, 0)));
    const preset = match[1] ?? '';
    const value = values.get(preset);
    if (value === undefined || keywords.get('name')?.map((token) => token.text).join('') !== 'config.value') throw new Error(`common.py: cannot read the preset ${preset}`);
    presets.set(preset, { key: value, label: stringOf(keywords.get('label'), `preset ${preset}`), validator: validatorOf(keywords.get('validator')) });
  }
  return presets;
}

type Option = { readonly key: string; readonly label: string; readonly validator: string };

function validatorOf(tokens: readonly Token[] | undefined): string {
  return tokens?.map((token) => token.text).join('') ?? '';
}

/** `WebhookConfigOption(...)`/`WebhookUrlOption(...)` calls (the label is `description` before feature level 403), and URL option presets. */
function options(tokens: readonly Token[] | undefined, presets: ReadonlyMap<string, Option>, what: string): Option[] {
  if (!tokens) return [];
  const found: Option[] = [];
  let index = 1;
  while (index < tokens.length - 1) {
    const callee: string | undefined = tokens[index]?.text;
    const dot: string | undefined = tokens[index + 1]?.text;
    const method: string | undefined = tokens[index + 2]?.text;
    const open = dot === '.' ? index + 3 : index + 1;
    if (tokens[open]?.text !== '(') throw new Error(`${what}: cannot read ${callee ?? ''}`);
    const close = closingOf(tokens, open);
    const inner = tokens.slice(open + 1, close);
    if (dot === '.' && method === 'build_preset_config' && inner[0]?.text === 'PresetUrlOption' && inner.length === 3) {
      const preset = presets.get(inner[2]?.text ?? '');
      if (!preset) throw new Error(`${what}: unknown preset ${inner[2]?.text ?? ''}`);
      found.push(preset);
    } else if (dot === undefined || dot === '(') {
      const { keywords } = keywordArguments(inner);
      found.push({
        key: stringOf(keywords.get('name'), `${what} name`),
        label: stringOf(keywords.get('label') ?? keywords.get('description'), `${what} label`),
        validator: validatorOf(keywords.get('validator')),
      });
    } else throw new Error(`${what}: cannot read ${callee ?? ''}.${method ?? ''}`);
    index = tokens[close + 1]?.text === ',' ? close + 2 : close + 1;
  }
  return found;
}

function main(): void {
  const [checkout] = process.argv.slice(2);
  if (!checkout) {
    process.stderr.write('usage: npx tsx scripts/incoming-webhooks-update.ts <zulip checkout>\n');
    process.exit(2);
  }
  const source = readFileSync(join(checkout, 'zerver/lib/integrations.py'), 'utf8');
  // From feature level 403 the list and its class are named for incoming webhooks, and URL options are their own.
  const urlOptions = /\burl_options\b/.test(source);
  const [listName, callee] = urlOptions ? ['INCOMING_WEBHOOK_INTEGRATIONS', 'IncomingWebhookIntegration'] : ['WEBHOOK_INTEGRATIONS', 'WebhookIntegration'];
  const list = assignments(source).get(listName);
  if (!list) throw new Error(`integrations.py: no ${listName}`);
  const presets = urlOptions ? presetUrlOptions(checkout) : new Map<string, Option>();
  const integrations = [];
  for (const call of calls(list, callee)) {
    const { positional, keywords } = keywordArguments(call);
    const name = stringOf(positional[0], 'an integration');
    const directory = keywords.has('dir_name') ? stringOf(keywords.get('dir_name'), `${name} dir_name`) : name;
    const functionPath = keywords.has('function')
      ? stringOf(keywords.get('function'), `${name} function`)
      : `zerver.webhooks.${directory}.view.api_${directory}_webhook`;
    // The server names the sponsors' event types itself: they share the GitHub view.
    const allEventTypes =
      name === 'githubsponsors'
        ? evaluate([{ kind: 'name', text: 'SPONSORS_EVENT_TYPES' }], assignments(readFileSync(join(checkout, 'zerver/webhooks/github/view.py'), 'utf8')), name)
        : declaredEventTypes(checkout, functionPath, name);
    integrations.push({
      name,
      display_name: keywords.has('display_name') ? stringOf(keywords.get('display_name'), `${name} display_name`) : title(name),
      all_event_types: allEventTypes,
      config_options: options(keywords.get('config_options'), presets, `${name} config_options`),
      ...(urlOptions ? { url_options: options(keywords.get('url_options'), presets, `${name} url_options`) } : {}),
      legacy: keywords.get('legacy')?.[0]?.text === 'True',
    });
  }
  const output = urlOptions ? OUTPUT_FROM_403 : OUTPUT;
  writeFileSync(output, `${JSON.stringify(integrations, null, 2)}\n`);
  process.stdout.write(`wrote ${output}: ${integrations.length} integrations, ${integrations.filter((entry) => entry.all_event_types).length} with event types\n`);
}

main();
