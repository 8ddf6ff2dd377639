/**
 * URL templates as the server reads them: with the `uri_template` 1.3.0 Python package (the
 * version 10.2 pins), whose grammar is RFC 6570 with its own extensions and limits: a comma
 * operator (`{,id}`), a trailing joiner (`{a,}`, `{a.}`), dots anywhere in names (`{a..b}`),
 * defaults (`{a=x}`), keyed names (`{name/key}`), `[]` arrays, and prefixes of 1 to 3 digits
 * (`{a:05}`, not `{a:1000}`). A name must start with a letter, digit or `_`, so `{%41}` is invalid.
 */

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGIT = '0123456789';
const HEX_DIGIT = '0123456789ABCDEFabcdef';
const VAR_START = `${ALPHA}${DIGIT}_`;
const VAR_CHAR = `${VAR_START}.`;

/** How an expression's operator expands its variables. */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&' | ',' | ',+';

/** One variable of an expression. */
export interface TemplateVariable {
  /** The name the template declares (what the server compares with a pattern's groups). */
  readonly name: string;
  /** The name the value is looked up by (`{name/key}`; else the name). */
  readonly key: string;
  /** The prefix length (`{a:3}`); 0 for none. */
  readonly maxLength: number;
  readonly explode: boolean;
  readonly array: boolean;
  readonly fallback: string | undefined;
}

/** A part of a template: literal text, or an expression. */
export type TemplatePart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'expression'; readonly operator: TemplateOperator; readonly variables: readonly TemplateVariable[]; readonly trailingJoiner: string };

class InvalidTemplate extends Error {}

/** Python's `s[0:1] in chars`: an empty string is in every string. */
const startsIn = (text: string, chars: string) => text === '' || chars.includes(text.charAt(0));

const isPercentEscape = (text: string, index: number) =>
  text[index] === '%' && index + 2 < text.length && HEX_DIGIT.includes(text.charAt(index + 1)) && HEX_DIGIT.includes(text.charAt(index + 2));

function parseVariable(spec: string): TemplateVariable {
  if (!startsIn(spec, VAR_START)) throw new InvalidTemplate(spec);
  let rest = spec;
  let fallback: string | undefined;
  let maxLength = 0;
  let explode = false;
  let array = false;
  const equals = rest.indexOf('=');
  if (equals >= 0) [rest, fallback] = [rest.slice(0, equals), rest.slice(equals + 1)];
  const colon = rest.indexOf(':');
  if (colon >= 0) {
    const digits = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (digits.length === 0 || digits.length >= 4 || [...digits].some((digit) => !DIGIT.includes(digit))) throw new InvalidTemplate(spec);
    maxLength = Number(digits);
    if (maxLength === 0) throw new InvalidTemplate(spec);
  } else if (rest === '') {
    // Python's `var_spec[-1]` on an empty name raises.
    throw new InvalidTemplate(spec);
  } else if (rest.endsWith('*')) {
    rest = rest.slice(0, -1);
    explode = true;
  } else if (rest.endsWith('[]')) {
    rest = rest.slice(0, -2);
    array = true;
    explode = true;
  }
  let name = '';
  let key = '';
  for (let index = 0; index < rest.length; index++) {
    const character = rest.charAt(index);
    if (isPercentEscape(rest, index)) {
      key += rest.slice(index, index + 3);
      index += 2;
    } else if (VAR_CHAR.includes(character)) {
      key += character;
    } else if (character === '/') {
      name = key;
      key = '';
    } else {
      throw new InvalidTemplate(spec);
    }
  }
  name ||= key;
  key ||= name;
  return { name, key, maxLength, explode, array, fallback };
}

const TRAILING_JOINERS = ',./;&';

function parseExpression(operator: TemplateOperator, body: string): TemplatePart {
  let variables = body;
  let trailingJoiner = '';
  if (variables !== '' && TRAILING_JOINERS.includes(variables.charAt(variables.length - 1))) {
    trailingJoiner = variables.charAt(variables.length - 1);
    variables = variables.slice(0, -1);
  }
  return { kind: 'expression', operator, variables: variables.split(',').map(parseVariable), trailingJoiner };
}

// A simple expression starts with a name character or a %-escape; Python's `.*$` allows no line
// feed but a final one.
const SIMPLE = /^(?:[a-zA-Z0-9_]|%[0-9a-fA-F]{2})[^\n]*\n?$/;
const OPERATORS: Readonly<Record<string, TemplateOperator>> = { '+': '+', '#': '#', '.': '.', '/': '/', ';': ';', '?': '?', '&': '&' };

function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  for (const part of template.split(/(\{[^}]*\})/)) {
    if (part === '') continue;
    if (!(part.startsWith('{') && part.endsWith('}'))) {
      if (part.includes('{') || part.includes('}')) throw new InvalidTemplate(part);
      parts.push({ kind: 'literal', text: part });
      continue;
    }
    const expression = part.slice(1, -1);
    const first = part.charAt(1);
    const operator = OPERATORS[first];
    if (SIMPLE.test(expression)) parts.push(parseExpression('', expression));
    else if (operator !== undefined) parts.push(parseExpression(operator, expression.slice(1)));
    else if (first === ',' && part.charAt(2) === '+') parts.push(parseExpression(',+', expression.slice(2)));
    else if (first === ',') parts.push(parseExpression(',', expression.slice(1)));
    else throw new InvalidTemplate(part);
  }
  return parts;
}

const parsed = new Map<string, readonly TemplatePart[] | null>();

/** The template's parts, or null for a template the server's library refuses. */
export function templateParts(template: string): readonly TemplatePart[] | null {
  let parts = parsed.get(template);
  if (parts === undefined) {
    try {
      parts = parseTemplate(template);
    } catch (error) {
      if (!(error instanceof InvalidTemplate)) throw error;
      parts = null;
    }
    parsed.set(template, parts);
  }
  return parts;
}

/** Whether the server's `uri_template.validate` accepts a template. */
export function isValidUrlTemplate(template: string): boolean {
  return templateParts(template) !== null;
}

/** The variable names a (valid) URL template declares, in order of first use. */
export function templateVariables(template: string): Set<string> {
  const names = new Set<string>();
  for (const part of templateParts(template) ?? []) {
    if (part.kind === 'expression') for (const variable of part.variables) names.add(variable.name);
  }
  return names;
}
