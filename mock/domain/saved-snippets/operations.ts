import type { SavedSnippet } from '../../../src/schemas/saved-snippet';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { unixSeconds } from '../clock';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';

/** A stored snippet on the wire. */
function snippetToWire(record: RecordOf<'savedSnippet'>): SavedSnippet {
  const { id, title, content, date_created } = record;
  return { id, title, content, date_created };
}

/** The server's `ResourceNotFoundError`: `BAD_REQUEST` with HTTP 404, also for another user's snippet. */
function snippetNotFound(): ApiFailure {
  return new ApiFailure('Saved snippet does not exist.', 'BAD_REQUEST', 404);
}

function ownSnippet(state: MockState, owner: UserRecord, snippetId: number): RecordOf<'savedSnippet'> {
  const record = state.store.tables.savedSnippet.get(snippetId);
  if (!record || record.user_id !== owner.id) throw snippetNotFound();
  return record;
}

/** The user's saved snippets, oldest first: `GET /saved_snippets` and the register state alike. */
export function listSavedSnippets(state: MockState, owner: UserRecord): SavedSnippet[] {
  return state.store.savedSnippetsOf(owner.id).map(snippetToWire);
}

/** Saves a snippet (title and content already checked and stripped); returns its ID. */
export function createSavedSnippet(state: MockState, owner: UserRecord, title: string, content: string): number {
  const record = state.store.tables.savedSnippet.insert({
    id: state.store.ids.next('savedSnippet'),
    user_id: owner.id,
    title,
    content,
    date_created: unixSeconds(state.clock),
  });
  state.events.record({ kind: 'saved_snippets_changed', userId: owner.id, op: 'add', snippet: snippetToWire(record) });
  return record.id;
}

/** What an edit changes; neither is answered before the snippet is looked up (the server's early success). */
export interface SavedSnippetChanges {
  readonly title?: string | undefined;
  readonly content?: string | undefined;
}

/** Changes one of the user's snippets; an edit that changes nothing is a success without event or lookup. */
export function editSavedSnippet(state: MockState, owner: UserRecord, snippetId: number, changes: SavedSnippetChanges): void {
  const { title, content } = changes;
  if (title === undefined && content === undefined) return;
  ownSnippet(state, owner, snippetId);
  const record = state.store.tables.savedSnippet.update(snippetId, {
    ...(title === undefined ? {} : { title }),
    ...(content === undefined ? {} : { content }),
  });
  state.events.record({ kind: 'saved_snippets_changed', userId: owner.id, op: 'update', snippet: snippetToWire(record) });
}

/** Deletes one of the user's snippets. */
export function deleteSavedSnippet(state: MockState, owner: UserRecord, snippetId: number): void {
  ownSnippet(state, owner, snippetId);
  state.store.tables.savedSnippet.delete(snippetId);
  state.events.record({ kind: 'saved_snippets_changed', userId: owner.id, op: 'remove', snippetId });
}
