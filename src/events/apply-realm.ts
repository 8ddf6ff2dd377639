import type { ChatEvent } from '../schemas/events';

type RealmEvent = Extract<ChatEvent, { type: 'realm' }>;

/**
 * A `realm` event on the `realm_*` settings of a registered state: `update` sets
 * `realm_{property}`, `update_dict` each `realm_{key}` of its `data`. Settings the state does not
 * hold are left out, and the history policy keeps the deprecated `realm_allow_edit_history` in step,
 * the topics policy the deprecated `realm_mandatory_topics`.
 */
export function applyRealmEvent<State extends object>(state: State, event: RealmEvent): State {
  const changes: Record<string, unknown> =
    event.op === 'update' && event.property !== undefined
      ? { [event.property]: event.value }
      : event.op === 'update_dict'
        ? { ...event.data }
        : {};
  if ('message_edit_history_visibility_policy' in changes) changes['allow_edit_history'] = changes['message_edit_history_visibility_policy'] !== 'none';
  if ('topics_policy' in changes) changes['mandatory_topics'] = changes['topics_policy'] === 'disable_empty_topic';
  const next: Record<string, unknown> = { ...(state as Record<string, unknown>) };
  let changed = false;
  for (const [key, value] of Object.entries(changes)) {
    if (!(`realm_${key}` in next)) continue;
    next[`realm_${key}`] = structuredClone(value);
    changed = true;
  }
  return changed ? (next as State) : state;
}
