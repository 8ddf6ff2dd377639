import { badRequest } from '../errors';
import type { MockState } from '../state';
import { BadPattern, groupNames, linkifierRegExp } from './pattern';
import { isValidUrlTemplate, templateVariables } from './url-template';

// The real server adds the field-keyed `errors` of its validator; the API description has no
// such field, so the mock answers the message alone.
function invalid(message: string): never {
  throw badRequest(message);
}

// Python's repr of a group name, as the server's messages quote it.
const quoted = (name: string) => (name.includes("'") ? `"${name}"` : `'${name}'`);

/**
 * Checks a linkifier as the server does, in its order: blank fields, the URL template, the
 * pattern, the named groups against the template's variables (both ways, the alphabetically
 * first name reported), then uniqueness of the pattern in the realm (`exceptId`: the one edited).
 */
export function checkLinkifier(state: MockState, pattern: string, urlTemplate: string, exceptId?: number): void {
  if (pattern === '') invalid('This field cannot be blank.');
  if (urlTemplate === '') invalid('This field cannot be blank.');
  if (!isValidUrlTemplate(urlTemplate)) invalid('Invalid URL template.');
  try {
    linkifierRegExp(pattern);
  } catch (error) {
    if (error instanceof BadPattern) invalid(`Bad regular expression: ${error.reason}`);
    throw error;
  }
  const groups = groupNames(pattern);
  const variables = templateVariables(urlTemplate);
  const missingInPattern = [...variables].filter((name) => !groups.has(name)).sort();
  if (missingInPattern[0] !== undefined) {
    invalid(`Group ${quoted(missingInPattern[0])} in URL template is not present in linkifier pattern.`);
  }
  const missingInTemplate = [...groups].filter((name) => !variables.has(name)).sort();
  if (missingInTemplate[0] !== undefined) {
    invalid(`Group ${quoted(missingInTemplate[0])} in linkifier pattern is not present in URL template.`);
  }
  const duplicate = state.store.linkifiers.all().some((other) => other.pattern === pattern && other.id !== exceptId);
  if (duplicate) invalid('Realm filter with this Realm and Pattern already exists.');
}
