import type * as z from 'zod/mini';
import type { ServerSettingsResponse } from '../../src/schemas/server';
import { renderDescription } from './markdown/render';
import type { MockState } from './state';
import { realmIconUrl } from './realm-config/icon';
import { isIncompatibleClient } from './user-agent';
import { spectatorsMayReadRealm } from './spectator-access';

/** The API feature level the mock implements (the spec describes Zulip 11+ behaviour). */
export const MOCK_FEATURE_LEVEL = 435;

/** The server version the mock reports: feature level 435 came during Zulip 12.0's development. */
export const MOCK_ZULIP_VERSION = '12.0-dev-teamchat-mock';

/** The server's rendered description here (unlike register's raw one), with its text for an empty one. */
function renderedRealmDescription(state: MockState): string {
  return renderDescription(state, state.realm.description || 'The coolest place in the universe.');
}

/** `GET /server_settings`: version, feature level and how to log in. */
export function serverSettings(state: MockState, userAgent: string | null): z.input<typeof ServerSettingsResponse> {
  const { realm } = state;
  return {
    authentication_methods: {
      password: realm.password_auth_enabled,
      dev: realm.dev_auth_enabled,
      email: realm.password_auth_enabled,
      ldap: false,
      remoteuser: false,
      github: false,
      azuread: false,
      gitlab: false,
      apple: false,
      google: false,
      saml: false,
      'openid connect': false,
    },
    zulip_version: MOCK_ZULIP_VERSION,
    zulip_merge_base: MOCK_ZULIP_VERSION,
    zulip_feature_level: state.featureLevel,
    // The mock delivers push notifications (recorded in `mock.push.sent`, or through its bouncer).
    push_notifications_enabled: true,
    is_incompatible: isIncompatibleClient(userAgent),
    email_auth_enabled: realm.password_auth_enabled,
    require_email_format_usernames: true,
    realm_url: realm.url,
    realm_uri: realm.url,
    realm_name: realm.name,
    realm_icon: realmIconUrl(state),
    realm_description: renderedRealmDescription(state),
    realm_web_public_access_enabled: spectatorsMayReadRealm(state),
    external_authentication_methods: [],
  };
}
