import { FIELD_TYPE, PROFILE_FIELD_TYPES } from './catalog';

/**
 * The fields as a client that predates the Pronouns type sees them (an old mobile app, see
 * `isPronounsFieldTypeSupported`): Pronouns fields are short text fields.
 */
export function withPronounsAsShortText<Field extends { readonly type: number }>(fields: readonly Field[]): Field[] {
  return fields.map((field) => (field.type === FIELD_TYPE.PRONOUNS ? { ...field, type: FIELD_TYPE.SHORT_TEXT } : field));
}

/** `custom_profile_field_types` for such a client: without `PRONOUNS`. */
export function fieldTypesWithoutPronouns(): Omit<typeof PROFILE_FIELD_TYPES, 'PRONOUNS'> {
  const { PRONOUNS: _pronouns, ...types } = PROFILE_FIELD_TYPES;
  return types;
}
