import { parseTemplate } from 'url-template';
import type { RealmPlayground } from '../../../src/schemas/realm-config';
import { badRequest } from '../errors';
import { isValidUrlTemplate } from '../linkifiers/url-template';
import type { MockState } from '../state';

const PYGMENTS_LANGUAGE = /^[ a-zA-Z0-9_+-./#]*$/;
const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;

/** The names of the variables a URL template expands, as the `url-template` library reads them. */
function variablesOf(template: string): Set<string> {
  const names = new Set<string>();
  const recorder = new Proxy({}, { get: (_target, name) => (names.add(String(name)), undefined) });
  parseTemplate(template).expand(recorder);
  return names;
}

/** The realm's code playgrounds, in the order they were added. */
export function listPlaygrounds(state: MockState): RealmPlayground[] {
  return state.store.tables.realmPlayground.all().map(({ id, name, pygments_language, url_template }) => ({
    id,
    name,
    pygments_language,
    url_template,
  }));
}

/** The language parameter as the view checks it before stripping: its length, then its characters. */
function checkLanguageParameter(language: string): void {
  if (language.length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    throw badRequest(`pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`);
  }
  if (!PYGMENTS_LANGUAGE.test(language)) throw badRequest('Invalid characters in pygments language');
}

/**
 * The stripped fields as the server's model validation reports them: the first message of its
 * field checks in field order (URL template, name, language), then the template's variables, then
 * uniqueness.
 */
function checkPlayground(state: MockState, name: string, language: string, urlTemplate: string): void {
  if (urlTemplate === '') throw badRequest('This field cannot be blank.');
  if (!isValidUrlTemplate(urlTemplate)) throw badRequest('Invalid URL template.');
  if (name === '' || language === '') throw badRequest('This field cannot be blank.');
  const variables = variablesOf(urlTemplate);
  if (!variables.has('code')) throw badRequest('Missing the required variable "code" in the URL template');
  if (variables.size !== 1) throw badRequest('"code" should be the only variable present in the URL template');
  const duplicate = state.store.tables.realmPlayground
    .all()
    .some((playground) => playground.name === name && playground.pygments_language === language);
  if (duplicate) throw badRequest('Realm playground with this Realm, Pygments language and Name already exists.');
}

/** Adds a playground (fields stripped first); returns its ID. */
export function addPlayground(state: MockState, name: string, language: string, urlTemplate: string): number {
  checkLanguageParameter(language);
  const [strippedName, strippedLanguage, strippedTemplate] = [name.trim(), language.trim(), urlTemplate.trim()];
  checkPlayground(state, strippedName, strippedLanguage, strippedTemplate);
  const id = state.store.ids.next('realmPlayground');
  state.store.tables.realmPlayground.insert({
    id,
    name: strippedName,
    pygments_language: strippedLanguage,
    url_template: strippedTemplate,
  });
  state.events.record({ kind: 'realm_playgrounds_changed' });
  return id;
}

/** Removes a playground. */
export function removePlayground(state: MockState, id: number): void {
  if (!state.store.tables.realmPlayground.get(id)) throw badRequest('Invalid playground');
  state.store.tables.realmPlayground.delete(id);
  state.events.record({ kind: 'realm_playgrounds_changed' });
}
