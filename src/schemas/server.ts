import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Parameters of `GET /server_settings`: none. */
export const ServerSettingsParams = z.object({});

/** An external authentication method offered on the login page. */
export const ExternalAuthenticationMethod = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  display_icon: z.nullable(z.string()),
  login_url: z.string(),
  signup_url: z.string(),
});

/** Success body of `GET /server_settings`. */
export const ServerSettingsResponse = successBody({
  authentication_methods: z.record(z.string(), z.boolean()),
  zulip_version: z.string(),
  zulip_merge_base: z.optional(z.string()),
  /** The API feature level; behaviour changes are tied to it. */
  zulip_feature_level: z.int(),
  push_notifications_enabled: z.boolean(),
  is_incompatible: z.boolean(),
  email_auth_enabled: z.optional(z.boolean()),
  require_email_format_usernames: z.optional(z.boolean()),
  realm_url: z.optional(z.string()),
  realm_uri: z.optional(z.string()),
  realm_name: z.optional(z.string()),
  realm_icon: z.optional(z.string()),
  realm_description: z.optional(z.string()),
  realm_web_public_access_enabled: z.optional(z.boolean()),
  external_authentication_methods: z.optional(z.array(ExternalAuthenticationMethod)),
});

/** Parameters of `POST /fetch_api_key`. */
export const FetchApiKeyParams = z.object({
  /** Usually the email address. */
  username: z.string(),
  password: z.string(),
});

/** Parameters of `POST /dev_fetch_api_key` (development servers and the mock only). */
export const DevFetchApiKeyParams = z.object({
  /** The email address of the user whose key to fetch. */
  username: z.string(),
});

/** Success body of the API-key operations. */
export const ApiKeyResponse = successBody({
  /** The 32-character API key. */
  api_key: z.string(),
  /** The user's real email address, the user name for HTTP Basic auth. */
  email: z.string(),
  /** From feature level 171. */
  user_id: z.optional(Id),
});

/** Parameters of `GET /dev_list_users`: none. */
export const DevListUsersParams = z.object({});

/** A user offered for one-click development login. */
export const DevUser = z.looseObject({
  email: z.string(),
  /** From feature level 263 (`realm_uri` before; other endpoints renamed it at 257). */
  realm_url: z.optional(z.string()),
  realm_uri: z.optional(z.string()),
});

/** Success body of `GET /dev_list_users`. */
export const DevListUsersResponse = successBody({
  direct_admins: z.array(DevUser),
  direct_users: z.array(DevUser),
});
