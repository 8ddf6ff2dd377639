import type { z } from 'zod/mini';
import type { ProfileDataValue } from '../../../src/schemas/profile-field';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { badRequest } from '../errors';
import { renderDescription } from '../markdown/render';
import { isServerUrl } from '../server-url';
import type { MockState } from '../state';
import { FIELD_TYPE } from './catalog';
import { pythonLength } from '../python-len';

type Value = z.output<typeof ProfileDataValue>;
/** A value to set, or null to remove the field's value. */
type Change = { readonly id: number; readonly value: Value | null };
type Field = RecordOf<'customProfileField'>;

const TEXT_LIMITS: Readonly<Record<number, number>> = {
  [FIELD_TYPE.SHORT_TEXT]: 50,
  [FIELD_TYPE.LONG_TEXT]: 500,
  [FIELD_TYPE.EXTERNAL_ACCOUNT]: 50,
  [FIELD_TYPE.PRONOUNS]: 50,
};
const RENDERED: ReadonlySet<number> = new Set([FIELD_TYPE.SHORT_TEXT, FIELD_TYPE.LONG_TEXT]);

/** What `PATCH /users/{user_id}` takes for a removal: null, `""` or `[]` (the server's falsy values). */
function isEmpty(value: Value | null): boolean {
  return value === null || value.length === 0;
}

/** A date as Python's `date.fromisoformat` reads it back to the same text: `YYYY-MM-DD`, from year 1. */
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith('0000')) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * A Users field's value: a list of IDs of active, human users of the realm (the server's messages
 * and order). The cross-realm system bots belong to another realm: their IDs are unknown here.
 */
function checkUserIds(state: MockState, value: Value): asserts value is number[] {
  if (!Array.isArray(value)) throw badRequest('User IDs is not a list');
  const users = state.store.tables.user;
  const inRealm = (id: number) => {
    const user = users.get(id);
    return user !== undefined && !isSystemBot(user);
  };
  const unknown = value.filter((id) => !inRealm(id));
  if (unknown.length > 0) throw badRequest(`Invalid user IDs: ${unknown.join(', ')}`);
  for (const id of [...new Set(value)].sort((a, b) => a - b)) {
    const user = users.get(id);
    if (!user?.is_active) throw badRequest(`User with ID ${id} is deactivated`);
    if (user.is_bot) throw badRequest(`User with ID ${id} is a bot`);
  }
}

/** The value as stored, or the server's message for one that does not fit the field's type. */
function storedValue(state: MockState, field: Field, value: Value): string {
  if (field.field_type === FIELD_TYPE.USER) {
    checkUserIds(state, value);
    return JSON.stringify(value);
  }
  if (typeof value !== 'string') throw badRequest(`${field.name} is not a string`);
  const limit = TEXT_LIMITS[field.field_type];
  if (limit !== undefined && pythonLength(value) > limit) throw badRequest(`${field.name} is too long (limit: ${limit} characters)`);
  if (field.field_type === FIELD_TYPE.SELECT && !Object.hasOwn(JSON.parse(field.field_data || '{}') as object, value)) {
    throw badRequest(`'${value}' is not a valid choice for '${field.name}'.`);
  }
  if (field.field_type === FIELD_TYPE.DATE && !isDate(value)) throw badRequest(`${field.name} is not a date`);
  if (field.field_type === FIELD_TYPE.URL && !isServerUrl(value)) throw badRequest(`${field.name} is not a URL`);
  return value;
}

/** Checked custom profile field changes: each field with its value as stored, or null to remove it. */
export type CheckedProfileData = readonly { readonly field: Field; readonly value: string | null }[];

/** How empty values (`""`, `[]`) are taken: as removals (`PATCH /users/{user_id}`) or as values (`PATCH /users/me/profile_data`). */
export type EmptyValues = 'remove' | 'store';

function editableField(state: MockState, actor: UserRecord, id: number): Field {
  const field = state.store.tables.customProfileField.get(id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  if (!field.editable_by_user && actor.role > 200) {
    throw badRequest('You are not allowed to change this field. Contact an administrator to update it.');
  }
  return field;
}

/**
 * Checks custom profile field changes: every field exists and every value fits its type; an
 * administrator may change any field, anyone else only fields editable by users. Removals come
 * first, in their order, then the values in theirs, as the server handles them.
 */
export function checkProfileData(state: MockState, actor: UserRecord, changes: readonly Change[], empty: EmptyValues): CheckedProfileData {
  const removals: { field: Field; value: null }[] = [];
  const pending: { id: number; value: Value }[] = [];
  for (const { id, value } of changes) {
    if (value === null || (empty === 'remove' && isEmpty(value))) removals.push({ field: editableField(state, actor, id), value: null });
    else pending.push({ id, value });
  }
  const values = pending.map(({ id, value }) => {
    const field = editableField(state, actor, id);
    return { field, value: storedValue(state, field, value) };
  });
  return [...removals, ...values];
}

/**
 * Sets or removes a user's custom profile field values: every entry is checked before any is
 * stored. Each changed field is one `realm_user` update.
 */
export function applyProfileData(state: MockState, actor: UserRecord, target: UserRecord, changes: readonly Change[], empty: EmptyValues): void {
  storeProfileData(state, target, checkProfileData(state, actor, changes, empty));
}

/** Stores checked custom profile field changes; each changed field is one `realm_user` update. */
export function storeProfileData(state: MockState, target: UserRecord, planned: CheckedProfileData): void {
  const values = state.store.tables.profileValue;
  for (const { field, value } of planned) {
    const key = `${target.id}:${field.id}`;
    const existing = values.get(key);
    if (value === null) {
      if (!existing) continue;
      values.delete(key);
      state.events.record({ kind: 'realm_user_updated', userId: target.id, person: { custom_profile_field: { id: field.id, value: null } } });
      continue;
    }
    if (existing?.value === value) continue;
    const rendered = RENDERED.has(field.field_type) ? renderDescription(state, value) : null;
    const record = { user_id: target.id, field_id: field.id, value, rendered_value: rendered };
    if (existing) values.update(key, record);
    else values.insert({ key, ...record });
    // The event leaves out an empty rendering (of an empty text value); the stored value keeps it.
    const custom = rendered ? { id: field.id, value, rendered_value: rendered } : { id: field.id, value };
    state.events.record({ kind: 'realm_user_updated', userId: target.id, person: { custom_profile_field: custom } });
  }
}
