import type { ChatEvent } from '../schemas/events';
import { followingPolicies } from './realm-policies';

type RealmEvent = Extract<ChatEvent, { type: 'realm' }>;

/**
 * A `realm` event on the `realm_*` settings of a registered state: `update` sets
 * `realm_{property}`, `update_dict` each `realm_{key}` of its `data`. Settings the state does not
 * hold are left out, and the history policy keeps the deprecated `realm_allow_edit_history` in step,
 * the topics policy the deprecated `realm_mandatory_topics`; as the server's own reducer does, the
 * login methods keep `realm_email_auth_enabled` and `realm_password_auth_enabled` in step, the
 * realm's Jitsi server the `jitsi_server_url` in use, the channel creation and wildcard mention
 * groups their deprecated policies, and a plan change (`update_dict` of `plan_type`,
 * `upload_quota_mib`, `max_file_upload_size_mib`) the top-level `max_file_upload_size_mib` and
 * `zulip_plan_is_not_limited`.
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
  const derived: Record<string, unknown> = followingPolicies(next, changes);
  // A plan change's upload limit is a server limit, not a realm setting; the limited plan is 2.
  if ('max_file_upload_size_mib' in changes) derived['max_file_upload_size_mib'] = changes['max_file_upload_size_mib'];
  if ('plan_type' in changes) derived['zulip_plan_is_not_limited'] = changes['plan_type'] !== 2;
  if ('jitsi_server_url' in changes && 'jitsi_server_url' in next) derived['jitsi_server_url'] = changes['jitsi_server_url'] ?? next['server_jitsi_server_url'];
  const methods = changes['authentication_methods'] as Record<string, { enabled?: boolean } | boolean> | undefined;
  if (methods !== undefined) {
    const email = methodEnabled(methods['Email']);
    derived['realm_email_auth_enabled'] = email;
    derived['realm_password_auth_enabled'] = email || methodEnabled(methods['LDAP']);
  }
  for (const [key, value] of Object.entries(derived)) {
    if (!(key in next)) continue;
    next[key] = value;
    changed = true;
  }
  return changed ? (next as State) : state;
}

/** Whether a login method is on: an object with `enabled`, or before feature level 241 a boolean. */
function methodEnabled(method: { enabled?: boolean } | boolean | undefined): boolean {
  return typeof method === 'boolean' ? method : method?.enabled === true;
}
