import { BLANK_FIELD, ModelErrors, WHOLE_OBJECT } from '../model-errors';
import type { MockState } from '../state';
import { BadPattern, compileRe2 } from './pattern';
import { isValidUrlTemplate, templateVariables } from './url-template';

// Python's repr of a group name, as the server's messages quote it.
const quoted = (name: string) => (name.includes("'") ? `"${name}"` : `'${name}'`);

/** The model's own `clean`: the pattern compiles with RE2, then (for a valid template) its groups and the template's variables agree. */
function cleanProblem(pattern: string, urlTemplate: string): string | undefined {
  let groups: ReadonlySet<string>;
  try {
    groups = compileRe2(pattern).groupNames;
  } catch (error) {
    if (error instanceof BadPattern) return `Bad regular expression: ${error.reason}`;
    throw error;
  }
  if (!isValidUrlTemplate(urlTemplate)) return undefined;
  const variables = templateVariables(urlTemplate);
  const missingInPattern = [...variables].filter((name) => !groups.has(name)).sort();
  if (missingInPattern[0] !== undefined) return `Group ${quoted(missingInPattern[0])} in URL template is not present in linkifier pattern.`;
  const missingInTemplate = [...groups].filter((name) => !variables.has(name)).sort();
  if (missingInTemplate[0] !== undefined) return `Group ${quoted(missingInTemplate[0])} in linkifier pattern is not present in URL template.`;
  return undefined;
}

/**
 * Checks a linkifier as the server's `full_clean` does: blank fields and the URL template (field
 * order), the pattern and the groups against the template's variables (both ways, the
 * alphabetically first name reported), then uniqueness of the pattern in the realm (`exceptId`:
 * the one edited). Every problem found is in the answer's `errors`; `msg` is the first.
 */
export function checkLinkifier(state: MockState, pattern: string, urlTemplate: string, exceptId?: number): void {
  const errors = new ModelErrors();
  if (pattern === '') errors.add('pattern', BLANK_FIELD);
  if (urlTemplate === '') errors.add('url_template', BLANK_FIELD);
  else if (!isValidUrlTemplate(urlTemplate)) errors.add('url_template', 'Invalid URL template.');
  const problem = cleanProblem(pattern, urlTemplate);
  if (problem !== undefined) errors.add(WHOLE_OBJECT, problem);
  const duplicate = !errors.has('pattern') && state.store.linkifiers.all().some((other) => other.pattern === pattern && other.id !== exceptId);
  if (duplicate) errors.add(WHOLE_OBJECT, 'Realm filter with this Realm and Pattern already exists.');
  errors.throwIfAny();
}
