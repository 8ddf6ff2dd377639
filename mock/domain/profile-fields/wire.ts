import type { CustomProfileField } from '../../../src/schemas/profile-field';
import type { RecordOf } from '../../store/models';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';

/**
 * A field as the server at the realm's level shows it: `required` and `editable_by_user` from
 * their levels, the summary and matching flags only when true (the summary flag from its level).
 */
function profileFieldToWire(state: MockState, record: RecordOf<'customProfileField'>): CustomProfileField {
  return {
    id: record.id,
    name: record.name,
    type: record.field_type,
    hint: record.hint,
    field_data: record.field_data,
    order: record.order,
    ...(hasLevel(state, LEVEL.profileFieldRequired) ? { required: record.required } : {}),
    ...(hasLevel(state, LEVEL.profileFieldEditableByUser) ? { editable_by_user: record.editable_by_user } : {}),
    ...(record.display_in_profile_summary && hasLevel(state, LEVEL.profileFieldSummary) ? { display_in_profile_summary: true } : {}),
    ...(record.use_for_user_matching ? { use_for_user_matching: true } : {}),
  };
}

/** The organization's fields by `order`. */
export function listProfileFields(state: MockState): CustomProfileField[] {
  return state.store.tables.customProfileField
    .all()
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((record) => profileFieldToWire(state, record));
}

/** A user's `profile_data`: values by field ID, with the rendering of text fields. */
export function profileDataOf(state: MockState, userId: number): Record<string, { value: string; rendered_value?: string }> {
  const data: Record<string, { value: string; rendered_value?: string }> = {};
  for (const field of state.store.tables.customProfileField.all()) {
    const stored = state.store.tables.profileValue.get(`${userId}:${field.id}`);
    if (!stored) continue;
    data[String(field.id)] = stored.rendered_value === null ? { value: stored.value } : { value: stored.value, rendered_value: stored.rendered_value };
  }
  return data;
}
