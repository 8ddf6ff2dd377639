import type { RecordOf } from '../../store/models';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { checkedField, type FieldSettings, recordProfileFieldsChange } from './create';

/** What `PATCH /realm/profile_fields/{field_id}` may change (the type stays). */
export type FieldChanges = Omit<FieldSettings, 'field_type'>;

/** A field by ID, else the server's "Field id <id> not found.". */
export function profileFieldOrFail(state: MockState, id: number): RecordOf<'customProfileField'> {
  const field = state.store.tables.customProfileField.get(id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  return field;
}

/** `PATCH /realm/profile_fields/{field_id}`: what is given replaces, with the checks of creation. */
export function updateProfileField(state: MockState, id: number, changes: FieldChanges): void {
  const current = profileFieldOrFail(state, id);
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

/** `PATCH /realm/profile_fields`: `order` must list every field's ID once, else "Invalid order mapping.". */
export function reorderProfileFields(state: MockState, order: readonly number[]): void {
  const fields = state.store.tables.customProfileField;
  const ids = fields.all().map((field) => field.id);
  const complete = order.length === ids.length && new Set(order).size === order.length && order.every((id) => ids.includes(id));
  if (!complete) throw badRequest('Invalid order mapping.');
  order.forEach((id, index) => fields.update(id, { order: index + 1 }));
  recordProfileFieldsChange(state);
}
