import { type TemplateOperator, templateParts, type TemplateVariable } from './url-template';

const UNRESERVED = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';
const RESERVED = ":/?#[]@!$&'()*+,;=";
const HEX_DIGIT = '0123456789ABCDEFabcdef';
const UTF8 = new TextEncoder();

/** `uri_template`'s `_encode`: legal characters kept, `%XX` kept where allowed, the rest %-encoded as UTF-8. */
function encode(value: string, legal: string, keepEscapes: boolean): string {
  let output = '';
  const characters = [...value];
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index] ?? '';
    if (legal.includes(character) && character.length === 1) {
      output += character;
    } else if (
      keepEscapes &&
      character === '%' &&
      index + 2 < characters.length &&
      HEX_DIGIT.includes(characters[index + 1] ?? 'x') &&
      HEX_DIGIT.includes(characters[index + 2] ?? 'x')
    ) {
      output += characters.slice(index, index + 3).join('');
      index += 2;
    } else {
      for (const byte of UTF8.encode(character)) output += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return output;
}

interface OperatorStyle {
  /** What starts the expansion (unless the expression has a trailing joiner). */
  readonly prefix: string;
  readonly joiner: string;
  /** Reserved characters and %-escapes pass unencoded. */
  readonly reserved: boolean;
  /** `name=value` pairs (`;`, `?`, `&`). */
  readonly named: 'no' | 'omit-empty-value' | 'keep-equals';
}

const STYLES: Readonly<Record<TemplateOperator, OperatorStyle>> = {
  '': { prefix: '', joiner: ',', reserved: false, named: 'no' },
  '+': { prefix: '', joiner: ',', reserved: true, named: 'no' },
  '#': { prefix: '#', joiner: ',', reserved: true, named: 'no' },
  '.': { prefix: '.', joiner: '.', reserved: false, named: 'no' },
  '/': { prefix: '/', joiner: '/', reserved: false, named: 'no' },
  ';': { prefix: ';', joiner: ';', reserved: false, named: 'omit-empty-value' },
  '?': { prefix: '?', joiner: '&', reserved: false, named: 'keep-equals' },
  '&': { prefix: '&', joiner: '&', reserved: false, named: 'keep-equals' },
  ',': { prefix: ',', joiner: ',', reserved: false, named: 'no' },
  ',+': { prefix: ',', joiner: ',', reserved: true, named: 'no' },
};

/** One variable with a text value, as `uri_template` expands a string. */
function expandVariable(style: OperatorStyle, variable: TemplateVariable, value: string): string {
  const cut = variable.maxLength > 0 ? [...value].slice(0, variable.maxLength).join('') : value;
  const encoded = style.reserved ? encode(cut, UNRESERVED + RESERVED, true) : encode(cut, UNRESERVED, false);
  if (style.named === 'no') return encoded;
  const name = variable.name === '' ? '' : encode(variable.name, UNRESERVED + RESERVED, true);
  // Exploded and array variables always pair the name with the value.
  if (variable.explode || style.named === 'keep-equals' || encoded !== '') return `${name}=${encoded}`;
  return variable.name;
}

/**
 * A template expanded with text values, as the server's `URITemplate(template).expand(**values)`:
 * a variable is looked up by its key; a missing one takes its default, a null one expands to nothing.
 */
export function expandUrlTemplate(template: string, values: Readonly<Record<string, string | null | undefined>>): string {
  let output = '';
  for (const part of templateParts(template) ?? []) {
    if (part.kind === 'literal') {
      output += encode(part.text, UNRESERVED + RESERVED, true);
      continue;
    }
    const style = STYLES[part.operator];
    const expanded: string[] = [];
    for (const variable of part.variables) {
      const value = Object.hasOwn(values, variable.key) ? values[variable.key] : variable.fallback;
      if (value !== null && value !== undefined) expanded.push(expandVariable(style, variable, value));
    }
    if (expanded.length > 0) output += (part.trailingJoiner === '' ? style.prefix : '') + expanded.join(style.joiner) + part.trailingJoiner;
  }
  return output;
}
