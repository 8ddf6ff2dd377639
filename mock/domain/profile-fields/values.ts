import type { z } from 'zod/mini';
import type { ProfileDataChange } from '../../../src/schemas/profile-field';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { renderDescription } from '../markdown/render';
import { isServerUrl } from '../server-url';
import type { MockState } from '../state';
import { FIELD_TYPE } from './catalog';

type Change = z.output<typeof ProfileDataChange>;
type Field = RecordOf<'customProfileField'>;

const TEXT_LIMITS: Readonly<Record<number, number>> = {
  [FIELD_TYPE.SHORT_TEXT]: 50,
  [FIELD_TYPE.LONG_TEXT]: 500,
  [FIELD_TYPE.EXTERNAL_ACCOUNT]: 50,
  [FIELD_TYPE.PRONOUNS]: 50,
};
const RENDERED: ReadonlySet<number> = new Set([FIELD_TYPE.SHORT_TEXT, FIELD_TYPE.LONG_TEXT]);

function isEmpty(value: Change['value']): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A Users field's value: a list of IDs of active, human users (the server's messages and order). */
function checkUserIds(state: MockState, value: string | number[]): asserts value is number[] {
  if (!Array.isArray(value)) throw badRequest('User IDs is not a list');
  const users = state.store.tables.user;
  const unknown = value.filter((id) => users.get(id) === undefined);
  if (unknown.length > 0) throw badRequest(`Invalid user IDs: ${unknown.join(', ')}`);
  for (const id of [...new Set(value)].sort((a, b) => a - b)) {
    const user = users.get(id);
    if (!user?.is_active) throw badRequest(`User with ID ${id} is deactivated`);
    if (user.is_bot) throw badRequest(`User with ID ${id} is a bot`);
  }
}

/** The value as stored, or the server's message for one that does not fit the field's type. */
function storedValue(state: MockState, field: Field, value: string | number[]): string {
  if (field.field_type === FIELD_TYPE.USER) {
    checkUserIds(state, value);
    return JSON.stringify(value);
  }
  if (typeof value !== 'string') throw badRequest(`${field.name} is not a string`);
  const limit = TEXT_LIMITS[field.field_type];
  if (limit !== undefined && value.length > limit) throw badRequest(`${field.name} is too long (limit: ${limit} characters)`);
  if (field.field_type === FIELD_TYPE.SELECT && !(value in (JSON.parse(field.field_data || '{}') as object))) {
    throw badRequest(`'${value}' is not a valid choice for '${field.name}'.`);
  }
  if (field.field_type === FIELD_TYPE.DATE && !isDate(value)) throw badRequest(`${field.name} is not a date`);
  if (field.field_type === FIELD_TYPE.URL && !isServerUrl(value)) throw badRequest(`${field.name} is not a URL`);
  return value;
}

/** Checked custom profile field changes: each field with its value as stored, or null to remove it. */
export type CheckedProfileData = readonly { readonly field: Field; readonly value: string | null }[];

/**
 * Checks custom profile field changes (`profile_data` of `PATCH /users/...`): every field exists
 * and every value fits its type; an administrator may change any field, anyone else only fields
 * editable by users.
 */
export function checkProfileData(state: MockState, actor: UserRecord, changes: readonly Change[]): CheckedProfileData {
  const fields = state.store.tables.customProfileField;
  return changes.map((change) => {
    const field = fields.get(change.id);
    if (!field) throw badRequest(`Field id ${change.id} not found.`);
    if (!field.editable_by_user && actor.role > 200) {
      throw badRequest('You are not allowed to change this field. Contact an administrator to update it.');
    }
    return { field, value: isEmpty(change.value) ? null : storedValue(state, field, change.value as string | number[]) };
  });
}

/**
 * Sets or removes a user's custom profile field values: every entry is checked before any is
 * stored. Each changed field is one `realm_user` update.
 */
export function applyProfileData(state: MockState, actor: UserRecord, target: UserRecord, changes: readonly Change[]): void {
  storeProfileData(state, target, checkProfileData(state, actor, changes));
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
    const custom = rendered === null ? { id: field.id, value } : { id: field.id, value, rendered_value: rendered };
    state.events.record({ kind: 'realm_user_updated', userId: target.id, person: { custom_profile_field: custom } });
  }
}
