import type { RealmPlayground } from '../../../src/schemas/realm-config';
import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import { isValidUrlTemplate, templateVariables } from '../linkifiers/url-template';
import { BLANK_FIELD, ModelErrors, WHOLE_OBJECT } from '../model-errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { pythonLength } from '../python-len';

// The view's pattern, matched as Python's `re.match` does: `$` also matches before a final line feed.
const PYGMENTS_LANGUAGE = /^[ a-zA-Z0-9_+-./#]*\n?$/;
const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;

/** The placeholder of a playground's template: what a `url_prefix` had the code appended to. */
const CODE_PLACEHOLDER = '{code}';

/**
 * The realm's code playgrounds, in the order they were added: by `url_template`, by `url_prefix`
 * below {@link LEVEL.playgroundUrlTemplate} (a playground added there came from one, its template
 * the prefix and `{code}`).
 */
export function listPlaygrounds(state: MockState): RealmPlayground[] {
  const prefixes = !hasLevel(state, LEVEL.playgroundUrlTemplate);
  return state.store.tables.realmPlayground.all().map(({ id, name, pygments_language, url_template }) =>
    prefixes
      ? { id, name, pygments_language, url_prefix: url_template.endsWith(CODE_PLACEHOLDER) ? url_template.slice(0, -CODE_PLACEHOLDER.length) : url_template }
      : { id, name, pygments_language, url_template },
  );
}

/** The language parameter as the view checks it before stripping: its length, then its characters. */
function checkLanguageParameter(language: string): void {
  if (pythonLength(language) > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    throw badRequest(`pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`);
  }
  if (!PYGMENTS_LANGUAGE.test(language)) throw badRequest('Invalid characters in pygments language');
}

/** The model's own `clean`: for a valid template, `code` is its one variable. */
function cleanProblem(urlTemplate: string): string | undefined {
  if (!isValidUrlTemplate(urlTemplate)) return undefined;
  const variables = templateVariables(urlTemplate);
  if (!variables.has('code')) return 'Missing the required variable "code" in the URL template';
  if (variables.size !== 1) return '"code" should be the only variable present in the URL template';
  return undefined;
}

/**
 * The stripped fields as the server's `full_clean` reports them: the field checks in field order
 * (URL template, name, language), then the template's variables, then uniqueness of the name and
 * language (unless either failed). Every problem is in the answer's `errors`; `msg` is the first.
 */
function checkPlayground(state: MockState, name: string, language: string, urlTemplate: string): void {
  const errors = new ModelErrors();
  if (urlTemplate === '') errors.add('url_template', BLANK_FIELD);
  else if (!isValidUrlTemplate(urlTemplate)) errors.add('url_template', 'Invalid URL template.');
  if (name === '') errors.add('name', BLANK_FIELD);
  if (language === '') errors.add('pygments_language', BLANK_FIELD);
  const problem = cleanProblem(urlTemplate);
  if (problem !== undefined) errors.add(WHOLE_OBJECT, problem);
  const duplicate =
    !errors.has('name') &&
    !errors.has('pygments_language') &&
    state.store.tables.realmPlayground.all().some((playground) => playground.name === name && playground.pygments_language === language);
  if (duplicate) errors.add(WHOLE_OBJECT, 'Realm playground with this Realm, Pygments language and Name already exists.');
  errors.throwIfAny();
}

/** Adds a playground (fields stripped first, as Python's `str.strip` does); returns its ID. */
export function addPlayground(state: MockState, name: string, language: string, urlTemplate: string): number {
  checkLanguageParameter(language);
  const [strippedName, strippedLanguage, strippedTemplate] = [pythonStrip(name), pythonStrip(language), pythonStrip(urlTemplate)];
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

/**
 * Removes a playground. A realm whose default code block language is the playground's language
 * loses that default first (a `realm` `update` event), as the server's view does.
 */
export function removePlayground(state: MockState, id: number): void {
  const playground = state.store.tables.realmPlayground.get(id);
  if (!playground) throw badRequest('Invalid playground');
  if (state.realm.default_code_block_language === playground.pygments_language) {
    state.realm.default_code_block_language = '';
    state.events.record({ kind: 'realm_changed', op: 'update', property: 'default_code_block_language', value: '' });
  }
  state.store.tables.realmPlayground.delete(id);
  state.events.record({ kind: 'realm_playgrounds_changed' });
}
