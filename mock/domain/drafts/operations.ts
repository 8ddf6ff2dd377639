import type { Draft, DraftInput } from '../../../src/schemas/draft';
import { userSettingsOf } from '../user-settings/operations';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { ApiFailure, badRequest } from '../errors';
import type { MockState } from '../state';
import { validDraft } from './validate';

/** How many drafts the register answer holds: the most recently edited. */
const DRAFTS_IN_REGISTER = 1000;

/** A stored draft on the wire: whole seconds. */
function draftToWire(record: RecordOf<'draft'>): Draft {
  const { id, to, topic, content } = record;
  return { id, type: record.type as Draft['type'], to: [...to], topic, content, timestamp: Math.trunc(record.last_edit_time) };
}

function draftNotFound(): ApiFailure {
  return new ApiFailure('Draft does not exist', 'BAD_REQUEST', 404);
}

function ownDraft(state: MockState, owner: UserRecord, draftId: number): RecordOf<'draft'> {
  const record = state.store.tables.draft.get(draftId);
  if (!record || record.user_id !== owner.id) throw draftNotFound();
  return record;
}

/** Least recently edited first (ties: older draft first). */
function byLastEdit(a: RecordOf<'draft'>, b: RecordOf<'draft'>): number {
  return a.last_edit_time - b.last_edit_time || a.id - b.id;
}

/** Whether the user keeps drafts on the server (`enable_drafts_synchronization`). */
function syncsDrafts(state: MockState, user: UserRecord): boolean {
  return userSettingsOf(state, user).enable_drafts_synchronization;
}

/**
 * Refuses a user who turned draft synchronization off, as the server's `draft_endpoint` does
 * before it reads any parameter: the operations declared with `requiresDraftSync` check it first.
 */
export function requireDraftSync(state: MockState, user: UserRecord): void {
  if (!syncsDrafts(state, user)) throw badRequest('User has disabled synchronizing drafts.');
}

/**
 * Turning synchronization off deletes the user's drafts from the server without events: clients
 * keep theirs, nothing was deleted on their side (the server's reasoning).
 */
export function forgetDrafts(state: MockState, user: UserRecord): void {
  for (const draft of state.store.draftsOf(user.id)) state.store.tables.draft.delete(draft.id);
}

/** The user's drafts, least recently edited first, as `GET /drafts` lists them. */
export function listDrafts(state: MockState, owner: UserRecord): Draft[] {
  return state.store.draftsOf(owner.id).sort(byLastEdit).map(draftToWire);
}

/** The register state: the most recently edited drafts first (none when synchronization is off). */
export function draftsState(state: MockState, owner: UserRecord): Draft[] {
  if (!syncsDrafts(state, owner)) return [];
  return state.store
    .draftsOf(owner.id)
    .sort((a, b) => byLastEdit(b, a))
    .slice(0, DRAFTS_IN_REGISTER)
    .map(draftToWire);
}

/** Creates drafts, all or none; returns their IDs in submission order. */
export function createDrafts(state: MockState, owner: UserRecord, inputs: readonly DraftInput[]): number[] {
  const valid = inputs.map((input) => validDraft(state, owner, input));
  const records = valid.map((draft) =>
    state.store.tables.draft.insert({ id: state.store.ids.next('draft'), user_id: owner.id, ...draft }),
  );
  state.events.record({ kind: 'drafts_changed', userId: owner.id, op: 'add', drafts: records.map(draftToWire) });
  return records.map((record) => record.id);
}

/** Replaces every field of one of the user's drafts. */
export function editDraft(state: MockState, owner: UserRecord, draftId: number, input: DraftInput): void {
  ownDraft(state, owner, draftId);
  const record = state.store.tables.draft.update(draftId, validDraft(state, owner, input));
  state.events.record({ kind: 'drafts_changed', userId: owner.id, op: 'update', draft: draftToWire(record) });
}

/** Deletes one of the user's drafts. */
export function deleteDraft(state: MockState, owner: UserRecord, draftId: number): void {
  ownDraft(state, owner, draftId);
  state.store.tables.draft.delete(draftId);
  state.events.record({ kind: 'drafts_changed', userId: owner.id, op: 'remove', draftId });
}
