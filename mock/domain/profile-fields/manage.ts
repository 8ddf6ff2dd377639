import type { RecordOf } from '../../store/models';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { FIELD_TYPE, MAX_SUMMARY_FIELDS } from './catalog';
import { checkedField, type FieldSettings, recordProfileFieldsChange } from './create';
import { pydanticStrip } from '../python-strip';

/** What `PATCH /realm/profile_fields/{field_id}` may change (the type stays). */
export type FieldChanges = Omit<FieldSettings, 'field_type'>;

/** A field by ID, else the server's "Field id <id> not found.". */
function profileFieldOrFail(state: MockState, id: number): RecordOf<'customProfileField'> {
  const field = state.store.tables.customProfileField.get(id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  return field;
}

/** A JSON object's entries compared whatever their order, as Python compares dicts. */
function sameData(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const sorted = (value: Readonly<Record<string, unknown>>) => JSON.stringify(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return sorted(a) === sorted(b);
}

function storedData(field: RecordOf<'customProfileField'>): Record<string, unknown> {
  return field.field_data ? (JSON.parse(field.field_data) as Record<string, unknown>) : {};
}

/** Whether a field is an external account field of a built-in subtype (GitHub, X). */
export function isBuiltInAccountField(field: RecordOf<'customProfileField'>): boolean {
  return field.field_type === FIELD_TYPE.EXTERNAL_ACCOUNT && storedData(field).subtype !== 'custom';
}

/**
 * A built-in external account (GitHub, X) keeps its name, hint and data: only
 * `display_in_profile_summary` and the other flags change (the server's
 * `update_only_display_in_profile_summary`); values equal to the current ones are allowed.
 */
function checkBuiltInUnchanged(current: RecordOf<'customProfileField'>, changes: FieldChanges): void {
  if (!isBuiltInAccountField(current)) return;
  const renamed = changes.name !== undefined && pydanticStrip(changes.name) !== current.name;
  const rehinted = changes.hint !== undefined && changes.hint !== current.hint;
  const redefined = changes.field_data !== undefined && !sameData(changes.field_data, storedData(current));
  if (renamed || rehinted || redefined) throw badRequest('Default custom field cannot be updated.');
}

/** Users' values of a list field that name a choice the new data drops are deleted (no events, as on the server). */
function dropRemovedChoices(state: MockState, current: RecordOf<'customProfileField'>, data: Readonly<Record<string, unknown>> | undefined): void {
  if (current.field_type !== FIELD_TYPE.SELECT || data === undefined) return;
  const removed = new Set(Object.keys(storedData(current)).filter((choice) => !(choice in data)));
  if (removed.size === 0) return;
  const { profileValue } = state.store.tables;
  for (const value of profileValue.all()) if (value.field_id === current.id && removed.has(value.value)) profileValue.delete(value.key);
}

/**
 * `PATCH /realm/profile_fields/{field_id}`: what is given replaces, with the checks of creation,
 * after the summary limit and the built-in external account rule, as the server orders them.
 */
export function updateProfileField(state: MockState, id: number, changes: FieldChanges): void {
  const current = profileFieldOrFail(state, id);
  if (changes.display_in_profile_summary) {
    const shown = state.store.tables.customProfileField.all().filter((field) => field.id !== id && field.display_in_profile_summary);
    if (shown.length >= MAX_SUMMARY_FIELDS) throw badRequest('Only 2 custom profile fields can be displayed in the profile summary.');
  }
  checkBuiltInUnchanged(current, changes);
  const values = checkedField(
    state,
    {
      field_type: current.field_type,
      name: changes.name ?? current.name,
      hint: changes.hint ?? current.hint,
      field_data: changes.field_data ?? (current.field_data ? (JSON.parse(current.field_data) as Record<string, unknown>) : {}),
      display_in_profile_summary: changes.display_in_profile_summary ?? current.display_in_profile_summary,
      required: changes.required ?? current.required,
      editable_by_user: changes.editable_by_user ?? current.editable_by_user,
      use_for_user_matching: changes.use_for_user_matching ?? current.use_for_user_matching,
    },
    id,
  );
  dropRemovedChoices(state, current, changes.field_data);
  state.store.tables.customProfileField.update(id, values);
  recordProfileFieldsChange(state);
}

/** `DELETE /realm/profile_fields/{field_id}`: the field and every user's value of it. */
export function deleteProfileField(state: MockState, id: number): void {
  profileFieldOrFail(state, id);
  const { profileValue } = state.store.tables;
  for (const value of profileValue.all()) if (value.field_id === id) profileValue.delete(value.key);
  state.store.tables.customProfileField.delete(id);
  recordProfileFieldsChange(state);
}

/**
 * `PATCH /realm/profile_fields`: each field's `order` becomes its position in `order` (from 0; a
 * repeated ID takes its last position; IDs of no field are ignored), as the server's
 * `try_reorder_realm_custom_profile_fields`; a field left out is "Invalid order mapping.".
 */
export function reorderProfileFields(state: MockState, order: readonly number[]): void {
  const fields = state.store.tables.customProfileField;
  const position = new Map<number, number>();
  order.forEach((id, index) => position.set(id, index));
  const ids = fields.all().map((field) => field.id);
  if (ids.some((id) => !position.has(id))) throw badRequest('Invalid order mapping.');
  for (const id of ids) fields.update(id, { order: position.get(id) ?? 0 });
  recordProfileFieldsChange(state);
}
