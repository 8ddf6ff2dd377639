import { parseTemplate } from 'url-template';

// RFC 6570 level 4: an optional operator, then variables with an optional prefix or explode modifier.
const VARCHAR = String.raw`(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})`;
const VARNAME = `${VARCHAR}(?:\\.?${VARCHAR})*`;
const VARSPEC = `${VARNAME}(?::[1-9][0-9]{0,3}|\\*)?`;
const EXPRESSION = new RegExp(`^[+#./;?&]?${VARSPEC}(?:,${VARSPEC})*$`);

/** Whether a URL template is valid RFC 6570: every `{...}` a well-formed expression, no stray braces. */
export function isValidUrlTemplate(template: string): boolean {
  let rest = template;
  for (;;) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (open < 0) return close < 0;
    if (close >= 0 && close < open) return false;
    const end = rest.indexOf('}', open);
    if (end < 0) return false;
    const expression = rest.slice(open + 1, end);
    if (expression.includes('{') || !EXPRESSION.test(expression)) return false;
    rest = rest.slice(end + 1);
  }
}

/** The variable names a (valid) URL template uses. */
export function templateVariables(template: string): Set<string> {
  const names = new Set<string>();
  for (const [, expression = ''] of template.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of expression.replace(/^[+#./;?&]/, '').split(',')) names.add(spec.replace(/(?::\d+|\*)$/, ''));
  }
  return names;
}

/** The URL for one match: the template expanded with the match's named groups. */
export function expandUrlTemplate(template: string, groups: Readonly<Record<string, string | undefined>>): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(groups)) if (value !== undefined) values[name] = value;
  return parseTemplate(template).expand(values);
}
