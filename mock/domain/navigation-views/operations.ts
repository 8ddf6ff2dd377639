import type { NavigationView } from '../../../src/schemas/navigation-view';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { ApiFailure, badRequest } from '../errors';
import type { MockState } from '../state';

/** The server's `BUILT_IN_VIEW_FRAGMENTS`: views of the web app that have a name of their own. */
const BUILT_IN_VIEW_FRAGMENTS: ReadonlySet<string> = new Set([
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
  'scheduled',
  'reminders',
]);

function viewToWire(record: RecordOf<'navigationView'>): NavigationView {
  const { fragment, is_pinned, name } = record;
  return { fragment, is_pinned, name };
}

/** The server's `ResourceNotFoundError`: `BAD_REQUEST` with HTTP 404, also for another user's view. */
function viewNotFound(): ApiFailure {
  return new ApiFailure('Navigation view does not exist.', 'BAD_REQUEST', 404);
}

function alreadyExists(): ApiFailure {
  return badRequest('Navigation view already exists.');
}

function builtInNamed(): ApiFailure {
  return badRequest('Built-in views cannot have a custom name.');
}

function viewWhere(state: MockState, owner: UserRecord, fits: (record: RecordOf<'navigationView'>) => boolean) {
  return state.store.navigationViewsOf(owner.id).find(fits);
}

/** The user's navigation views, in the order they were added: `GET /navigation_views` and the register state. */
export function listNavigationViews(state: MockState, owner: UserRecord): NavigationView[] {
  return state.store.navigationViewsOf(owner.id).map(viewToWire);
}

/** A view to add: fragment and name already stripped and not empty (the server's parameter model). */
export interface NewNavigationView {
  readonly fragment: string;
  readonly is_pinned: boolean;
  readonly name?: string | undefined;
}

/** Adds a view, checked in the server's order: the name's fit to the fragment, then uniqueness of fragment and name. */
export function addNavigationView(state: MockState, owner: UserRecord, input: NewNavigationView): void {
  const { fragment, is_pinned, name } = input;
  if (BUILT_IN_VIEW_FRAGMENTS.has(fragment)) {
    if (name !== undefined) throw builtInNamed();
  } else if (!name) {
    throw badRequest('Custom views must have a valid name.');
  }
  if (viewWhere(state, owner, (view) => view.fragment === fragment)) throw alreadyExists();
  if (name !== undefined && viewWhere(state, owner, (view) => view.name === name)) throw alreadyExists();
  const record = state.store.tables.navigationView.insert({
    id: state.store.ids.next('navigationView'),
    user_id: owner.id,
    fragment,
    is_pinned,
    name: name ?? null,
  });
  state.events.record({ kind: 'navigation_view_changed', userId: owner.id, op: 'add', view: viewToWire(record) });
}

/** What an edit changes (a name already stripped and not empty). */
export interface NavigationViewChanges {
  readonly is_pinned?: boolean | undefined;
  readonly name?: string | undefined;
}

/**
 * Changes a view. As on the server, the name is checked before the view is looked up (a name
 * any of the user's views has, this one's included, is taken), and an edit of nothing still
 * answers with an event of empty `data`.
 */
export function editNavigationView(state: MockState, owner: UserRecord, fragment: string, changes: NavigationViewChanges): void {
  const { is_pinned, name } = changes;
  if (BUILT_IN_VIEW_FRAGMENTS.has(fragment) && name !== undefined) throw builtInNamed();
  if (name !== undefined && viewWhere(state, owner, (view) => view.name === name)) throw alreadyExists();
  const view = viewWhere(state, owner, (candidate) => candidate.fragment === fragment);
  if (!view) throw viewNotFound();
  state.store.tables.navigationView.update(view.id, {
    ...(name === undefined ? {} : { name }),
    ...(is_pinned === undefined ? {} : { is_pinned }),
  });
  const data = { ...(name === undefined ? {} : { name }), ...(is_pinned === undefined ? {} : { is_pinned }) };
  state.events.record({ kind: 'navigation_view_changed', userId: owner.id, op: 'update', fragment, data });
}

/** Removes one of the user's views. */
export function removeNavigationView(state: MockState, owner: UserRecord, fragment: string): void {
  const view = viewWhere(state, owner, (candidate) => candidate.fragment === fragment);
  if (!view) throw viewNotFound();
  state.store.tables.navigationView.delete(view.id);
  state.events.record({ kind: 'navigation_view_changed', userId: owner.id, op: 'remove', fragment });
}
