import { hasLevel } from '../feature-levels';
import { authenticationMethodsDict, authenticationMethodsForApi } from '../realm-config/authentication-methods';
import { REALM_PROPERTIES, REALM_PROPERTY_NAMES } from '../realm-config/realm-properties';
import { replacedPoliciesState } from '../realm-config/replaced-policies';
import { REALM_GROUP_SETTING_NAMES, REALM_GROUP_SETTINGS, type RealmGroupSettingRules } from '../realm-config/realm-settings';
import type { MockState } from '../state';
import { settingForApi } from '../user-groups/settings';
import { deprecatedPolicies } from './realm-policies';

/** The server's default Jitsi server (`JITSI_SERVER_URL`), which a realm without its own uses. */
const SERVER_JITSI_URL = 'https://meet.jit.si';

/**
 * The `realm` register keys of the settings `PATCH /realm` changes beyond the message settings:
 * the plain ones, the permission groups (and the deprecated policies standing for some; below
 * each group setting's level, the policy it replaced), the
 * moderation request channel, the organization type and the login methods. A setting newer than the realm's server
 * level is left out, as that server did not have it.
 */
export function realmSettingsState(state: MockState): Record<string, unknown> {
  const { realm } = state;
  const has = (level: number | undefined) => level === undefined || hasLevel(state, level);
  const methods = authenticationMethodsDict(realm);
  return {
    ...Object.fromEntries(REALM_PROPERTY_NAMES.filter((name) => has(REALM_PROPERTIES[name].since)).map((name) => [`realm_${name}`, realm[name]])),
    // The realm's own, or else the server's.
    jitsi_server_url: realm.jitsi_server_url ?? SERVER_JITSI_URL,
    ...(has(212) ? { server_jitsi_server_url: SERVER_JITSI_URL } : {}),
    ...Object.fromEntries(
      REALM_GROUP_SETTING_NAMES.filter((name) => has((REALM_GROUP_SETTINGS[name] as RealmGroupSettingRules).since)).map((name) => [
        `realm_${name}`,
        settingForApi(state, realm[name]),
      ]),
    ),
    ...deprecatedPolicies(state, has),
    ...replacedPoliciesState(state),
    ...(has(331) ? { realm_moderation_request_channel_id: realm.moderation_request_channel_id ?? -1 } : {}),
    ...(has(128) ? { realm_org_type: realm.org_type } : {}),
    realm_authentication_methods: authenticationMethodsForApi(realm),
    realm_email_auth_enabled: methods.Email,
    realm_password_auth_enabled: methods.Email,
  };
}
