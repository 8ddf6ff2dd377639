import type { Linkifier } from '../../../src/schemas/linkifier';
import { hasLevel, LEVEL } from '../feature-levels';
import { renderPendingMessages } from '../messages/rendered-content';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { checkLinkifier } from './validate';
import { pythonStrip } from '../python-strip';

const NOT_FOUND = 'Linkifier not found.';

function recordChange(state: MockState): void {
  state.events.record({ kind: 'linkifiers_changed' });
}

/**
 * A URL template as the `%(name)s` format string servers before {@link LEVEL.linkifierUrlTemplate}
 * stored (a linkifier added there came from one, which `formatStringToTemplate` read).
 */
function templateToFormatString(template: string): string {
  return template.replace(/%/g, '%%').replace(/\{([a-z0-9_]+)\}/gi, '%($1)s');
}

/**
 * The realm's linkifiers in processing order, as the API lists them (`GET /realm/linkifiers`,
 * register, `realm_linkifiers` events): by `url_template`, by `url_format` below
 * {@link LEVEL.linkifierUrlTemplate}.
 */
export function listLinkifiers(state: MockState): Linkifier[] {
  if (!hasLevel(state, LEVEL.linkifierUrlTemplate)) {
    return state.store.linkifiers.all().map(({ pattern, url_template, id }) => ({ pattern, url_format: templateToFormatString(url_template), id }));
  }
  return state.store.linkifiers.all().map(({ pattern, url_template, id }) => ({ pattern, url_template, id }));
}

/** Adds a linkifier (processed after the existing ones); returns its ID. Both texts are stripped first, as the server does (Python's `str.strip()`). */
export function addLinkifier(state: MockState, rawPattern: string, rawTemplate: string): number {
  const pattern = pythonStrip(rawPattern);
  const urlTemplate = pythonStrip(rawTemplate);
  checkLinkifier(state, pattern, urlTemplate);
  renderPendingMessages(state);
  const id = state.store.ids.next('linkifier');
  state.store.linkifiers.add({ id, pattern, url_template: urlTemplate });
  recordChange(state);
  return id;
}

/** Changes a linkifier's pattern and template (stripped, as the server does); it keeps its place in the order. */
export function updateLinkifier(state: MockState, id: number, rawPattern: string, rawTemplate: string): void {
  if (!state.store.linkifiers.get(id)) throw badRequest(NOT_FOUND);
  const pattern = pythonStrip(rawPattern);
  const urlTemplate = pythonStrip(rawTemplate);
  checkLinkifier(state, pattern, urlTemplate, id);
  renderPendingMessages(state);
  state.store.linkifiers.replace({ id, pattern, url_template: urlTemplate });
  recordChange(state);
}

/** Removes a linkifier. */
export function removeLinkifier(state: MockState, id: number): void {
  if (!state.store.linkifiers.get(id)) throw badRequest(NOT_FOUND);
  renderPendingMessages(state);
  state.store.linkifiers.remove(id);
  recordChange(state);
}

/**
 * Puts the linkifiers in a new order: the list must name each existing linkifier exactly once.
 * An empty list for a realm without linkifiers changes nothing and tells no one.
 */
export function reorderLinkifiers(state: MockState, orderedIds: readonly number[]): void {
  const ids = new Set(orderedIds);
  if (ids.size < orderedIds.length) throw badRequest('The ordered list must not contain duplicated linkifiers');
  const existing = state.store.linkifiers.all();
  if (existing.length !== ids.size || existing.some((linkifier) => !ids.has(linkifier.id))) {
    throw badRequest('The ordered list must enumerate all existing linkifiers exactly once');
  }
  if (existing.length === 0) return;
  renderPendingMessages(state);
  state.store.linkifiers.reorder(orderedIds);
  recordChange(state);
}
