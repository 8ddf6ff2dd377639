import type { z } from 'zod/mini';
import type { CreateCustomProfileFieldParams } from '../../../src/schemas/profile-field';
import type { RecordOf } from '../../store/models';
import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import { isServerUrl } from '../server-url';
import type { MockState } from '../state';
import { BUILT_IN_ACCOUNTS, FIELD_TYPE, MAX_SUMMARY_FIELDS, PROFILE_FIELD_TYPES } from './catalog';
import { listProfileFields } from './wire';
import { pythonLength } from '../python-len';
import { pydanticStrip, pythonStrip } from '../python-strip';

type CreateInput = z.output<typeof CreateCustomProfileFieldParams>;

const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(PROFILE_FIELD_TYPES).map((type) => type.id));

/** Whether the server at the realm's level has the type (Pronouns is newer than the others). */
function knownType(state: MockState, type: number): boolean {
  return KNOWN_TYPES.has(type) && (type !== FIELD_TYPE.PRONOUNS || hasLevel(state, LEVEL.pronounsFieldType));
}
const NOT_IN_SUMMARY: ReadonlySet<number> = new Set([FIELD_TYPE.LONG_TEXT, FIELD_TYPE.USER]);
const MATCHABLE: ReadonlySet<number> = new Set([FIELD_TYPE.SHORT_TEXT, FIELD_TYPE.EXTERNAL_ACCOUNT]);

/** A dictionary with exactly these keys, as the server's `check_dict_only` checks it, in its order and words. */
function checkDictOnly(
  value: unknown,
  required: readonly (readonly [string, (name: string, value: unknown) => void])[],
  optional: readonly (readonly [string, (name: string, value: unknown) => void])[] = [],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('field_data is not a dict');
  const dict = value as Record<string, unknown>;
  for (const [key, check] of required) {
    if (!(key in dict)) throw badRequest(`${key} key is missing from field_data`);
    check(`field_data["${key}"]`, dict[key]);
  }
  for (const [key, check] of optional) if (key in dict) check(`field_data["${key}"]`, dict[key]);
  const listed = new Set([...required, ...optional].map(([key]) => key));
  const unexpected = Object.keys(dict).filter((key) => !listed.has(key));
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  return dict;
}

function checkString(name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
}

function checkRequiredString(name: string, value: unknown): void {
  checkString(name, value);
  if (pythonStrip(value) === '') throw badRequest(`${name} cannot be blank.`);
}

const USERNAME = '%(username)s';

/** A custom account's URL pattern: one `%(username)s`, and a URL once it is filled in. */
function checkUrlPattern(name: string, value: unknown): void {
  checkString(name, value);
  if (value.split(USERNAME).length !== 2) throw badRequest("URL pattern must contain '%(username)s'.");
  if (!isServerUrl(value.replace(USERNAME, 'username'))) throw badRequest(`${name} is not a URL`);
}

function checkChoices(data: Record<string, unknown>): void {
  const choices = Object.entries(data);
  if (choices.length === 0) throw badRequest('Field must have at least one choice.');
  const texts = new Set<string>();
  for (const [key, choice] of choices) {
    if (pythonStrip(key) === '') throw badRequest("'value' cannot be blank.");
    const { text } = checkDictOnly(choice, [
      ['text', checkRequiredString],
      ['order', checkRequiredString],
    ]);
    texts.add(String(text));
  }
  if (texts.size !== choices.length) throw badRequest('Field must not have duplicate choices.');
}

/** The subtype of an external account field: built in, or `custom` with a URL pattern. */
function checkExternalAccount(data: Record<string, unknown>): string {
  const { subtype } = checkDictOnly(data, [['subtype', checkRequiredString]], [['url_pattern', checkUrlPattern]]);
  const name = String(subtype);
  if (Object.hasOwn(BUILT_IN_ACCOUNTS, name)) return name;
  if (name !== 'custom') throw badRequest('Invalid external account type');
  if (!('url_pattern' in data)) throw badRequest('Custom external account must define URL pattern');
  return name;
}

/** A field's settings as created, or as an update leaves them. */
export interface FieldSettings {
  readonly field_type: number;
  readonly name?: string | undefined;
  readonly hint?: string | undefined;
  readonly field_data?: Record<string, unknown> | undefined;
  readonly display_in_profile_summary?: boolean | undefined;
  readonly required?: boolean | undefined;
  readonly editable_by_user?: boolean | undefined;
  readonly use_for_user_matching?: boolean | undefined;
}

/**
 * A field's stored values from its settings, with the server's checks in its order: the summary
 * limit, the field data, the name and hint, the type, the summary type, a unique name. `self` is
 * the field being updated, which the summary limit and the unique name leave out. Data naming a
 * built-in external account skips the name and hint checks; only a new field takes the account's
 * own name and empty hint and keeps only the subtype: an update stores what it is given.
 */
export function checkedField(state: MockState, input: FieldSettings, self?: number): Omit<RecordOf<'customProfileField'>, 'id' | 'order'> {
  const others = state.store.tables.customProfileField.all().filter((field) => field.id !== self);
  const summary = input.display_in_profile_summary ?? false;
  if (summary && others.filter((field) => field.display_in_profile_summary).length >= MAX_SUMMARY_FIELDS) {
    throw badRequest('Only 2 custom profile fields can be displayed in the profile summary.');
  }
  const data = input.field_data ?? {};
  let builtIn: string | undefined;
  if (input.field_type === FIELD_TYPE.SELECT) checkChoices(data);
  if (input.field_type === FIELD_TYPE.EXTERNAL_ACCOUNT) {
    const subtype = checkExternalAccount(data);
    builtIn = BUILT_IN_ACCOUNTS[subtype];
  }
  let name = pydanticStrip(input.name ?? '');
  let hint = input.hint ?? '';
  const creating = self === undefined;
  if (builtIn === undefined) {
    if (pythonStrip(name) === '') throw badRequest('Label cannot be blank.');
    if (pythonLength(hint) > 80) throw badRequest('hint is too long (limit: 80 characters)');
    if (pythonLength(name) > 40) throw badRequest('name is too long (limit: 40 characters)');
  } else if (creating) {
    name = builtIn;
    hint = '';
  }
  if (!knownType(state, input.field_type)) throw badRequest('Invalid field type.');
  if (summary && NOT_IN_SUMMARY.has(input.field_type)) throw badRequest('Field type not supported for display in profile summary.');
  if (others.some((field) => field.name === name)) throw badRequest('A field with that label already exists.');
  const keepsData = input.field_type === FIELD_TYPE.SELECT || input.field_type === FIELD_TYPE.EXTERNAL_ACCOUNT;
  const storedData = builtIn !== undefined && creating ? { subtype: data.subtype } : data;
  return {
    name,
    hint,
    field_type: input.field_type,
    field_data: keepsData ? JSON.stringify(storedData) : '',
    required: input.required ?? false,
    editable_by_user: input.editable_by_user ?? true,
    display_in_profile_summary: summary,
    use_for_user_matching: (input.use_for_user_matching ?? false) && MATCHABLE.has(input.field_type),
  };
}

/** Tells every active user's queues the organization's whole list of fields. */
export function recordProfileFieldsChange(state: MockState): void {
  state.events.record({ kind: 'custom_profile_fields_changed', fields: listProfileFields(state) });
}

/** `POST /realm/profile_fields`: checks, stores and announces a new field; its `order` is its ID. */
export function createProfileField(state: MockState, input: CreateInput): number {
  const values = checkedField(state, input);
  const id = state.store.ids.next('customProfileField');
  state.store.tables.customProfileField.insert({ id, order: id, ...values });
  recordProfileFieldsChange(state);
  return id;
}
