import { badRequest } from '../errors';
import { isServerUrl } from '../server-url';
import { LANGUAGE_CODES } from '../user-settings/catalog';
import { pythonLength } from '../python-len';

/** The video call providers a server without Zoom or BigBlueButton credentials offers. */
export const VIDEO_CHAT_PROVIDERS = {
  disabled: { name: 'None', id: 0 },
  jitsi_meet: { name: 'Jitsi Meet', id: 1 },
};

/** The GIPHY ratings a realm may allow (`giphy_rating_options`), the server's table. */
export const GIPHY_RATING_OPTIONS = {
  disabled: { name: 'GIPHY integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
};

/** The plain realm settings (the server's `Realm.property_types`) the mock keeps beside its older ones. */
export interface RealmProperties {
  emails_restricted_to_domains: boolean;
  disallow_disposable_email_addresses: boolean;
  invite_required: boolean;
  require_unique_names: boolean;
  name_changes_disabled: boolean;
  email_changes_disabled: boolean;
  avatar_changes_disabled: boolean;
  inline_image_preview: boolean;
  inline_url_embed_preview: boolean;
  default_language: string;
  /** Days a new member's account waits before joining `role:fullmembers` (0: none). */
  waiting_period_threshold: number;
  send_welcome_emails: boolean;
  digest_emails_enabled: boolean;
  message_content_allowed_in_email_notifications: boolean;
  video_chat_provider: number;
  /** The realm's own Jitsi server; null: the server's. */
  jitsi_server_url: string | null;
  giphy_rating: number;
  default_code_block_language: string;
  /** 0 (Monday) to 6. */
  digest_weekday: number;
  enable_spectator_access: boolean;
  want_advertise_in_communities_directory: boolean;
  enable_guest_user_dm_warning: boolean;
  enable_guest_user_indicator: boolean;
  /** Mobile push notifications are sent only end-to-end encrypted. */
  require_e2ee_push_notifications: boolean;
  /** The custom text Welcome Bot sends every new user after its introduction ("": none); an invitation may choose its own. */
  welcome_message_custom_text: string;
  /** Notification Bot posts channel events (renames, setting changes) in the channels. */
  send_channel_events_messages: boolean;
}

/** How `PATCH /realm` reads one plain setting, and since when the server has it. */
interface PropertyRule<Value> {
  readonly default: Value;
  /** Only owners may change it. */
  readonly ownersOnly?: boolean;
  /** The feature level that added it, where newer than the oldest the mock can be. */
  readonly since?: number;
  /** Refuses a value the server refuses (its own message); the parameter's type is checked before. */
  readonly check?: (value: Value) => void;
}

/** `jitsi_server_url`'s special value: the server's Jitsi server. */
const JITSI_DEFAULT = 'default';
const JITSI_URL_MAX_LENGTH = 200;
/**
 * The longest `welcome_message_custom_text` the server takes, in characters
 * (`Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH`): the realm's, an invitation's and the
 * Welcome Bot test message's.
 */
export const WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH = 8000;

/** A value the server refuses as an ID outside its table, in its words. */
const oneOf = (name: string, ids: readonly number[]) => (value: number) => {
  if (!ids.includes(value)) throw badRequest(`Invalid ${name} ${value}`);
};

/**
 * The plain realm settings, with a new realm's values (the Realm model's defaults). `PATCH /realm`
 * changes them in the server's order, which update-realm.ts gives.
 */
export const REALM_PROPERTIES: { readonly [Name in keyof RealmProperties]: PropertyRule<RealmProperties[Name]> } = {
  emails_restricted_to_domains: { default: false, ownersOnly: true },
  disallow_disposable_email_addresses: { default: true, ownersOnly: true },
  invite_required: { default: true, ownersOnly: true },
  require_unique_names: { default: false, since: 246 },
  name_changes_disabled: { default: false },
  email_changes_disabled: { default: false },
  avatar_changes_disabled: { default: false },
  inline_image_preview: { default: true },
  inline_url_embed_preview: { default: false },
  default_language: {
    default: 'en',
    check: (value) => {
      if (!LANGUAGE_CODES.has(value)) throw badRequest(`Invalid language '${value}'`);
    },
  },
  // A negative count is refused as the parameter is read; a change recomputes role:fullmembers.
  waiting_period_threshold: { default: 0, ownersOnly: true },
  send_welcome_emails: { default: true },
  digest_emails_enabled: { default: false },
  message_content_allowed_in_email_notifications: { default: true },
  video_chat_provider: { default: VIDEO_CHAT_PROVIDERS.jitsi_meet.id, check: oneOf('video_chat_provider', Object.values(VIDEO_CHAT_PROVIDERS).map((p) => p.id)) },
  jitsi_server_url: {
    default: null,
    since: 212,
    check: (value) => {
      if (value === null || value === JITSI_DEFAULT) return;
      if (pythonLength(value) > JITSI_URL_MAX_LENGTH || !isServerUrl(value)) throw badRequest('jitsi_server_url is not an allowed_type');
    },
  },
  giphy_rating: { default: GIPHY_RATING_OPTIONS.g.id, since: 55, check: oneOf('giphy_rating', Object.values(GIPHY_RATING_OPTIONS).map((r) => r.id)) },
  default_code_block_language: { default: '' },
  digest_weekday: {
    default: 1,
    check: (value) => {
      if (!Number.isInteger(value) || value < 0 || value > 6) throw badRequest('Invalid digest_weekday');
    },
  },
  enable_spectator_access: { default: false, since: 109 },
  want_advertise_in_communities_directory: { default: false, since: 129 },
  enable_guest_user_dm_warning: { default: true, since: 348 },
  enable_guest_user_indicator: { default: true },
  require_e2ee_push_notifications: { default: false, since: 409 },
  // Its length is checked with the parameters, before any other check (see update-realm-checks.ts).
  welcome_message_custom_text: { default: '', since: 416 },
  send_channel_events_messages: { default: false, since: 434 },
};

/** A plain realm setting's name. */
export type RealmProperty = keyof RealmProperties;

/** The plain realm settings' names, in the server's order. */
export const REALM_PROPERTY_NAMES = Object.keys(REALM_PROPERTIES) as RealmProperty[];

/** A new realm's plain settings. */
export function defaultRealmProperties(): RealmProperties {
  return Object.fromEntries(REALM_PROPERTY_NAMES.map((name) => [name, REALM_PROPERTIES[name].default])) as unknown as RealmProperties;
}

/** The stored value of a requested `jitsi_server_url`: `default` is the server's (null). */
export function storedJitsiUrl(value: string): string | null {
  return value === JITSI_DEFAULT ? null : value;
}

/** What `PATCH /realm` reads of the plain settings (`jitsi_server_url` may be `default`). */
export type RealmPropertiesInput = { readonly [Name in RealmProperty]?: (Name extends 'jitsi_server_url' ? string : RealmProperties[Name]) | undefined };

/** The owner-only plain settings a request names. */
export function ownerOnlyProperties(input: RealmPropertiesInput): RealmProperty[] {
  return REALM_PROPERTY_NAMES.filter((name) => input[name] !== undefined && REALM_PROPERTIES[name].ownersOnly === true);
}

/** Refuses a requested value of a plain setting the server refuses (its own message); nothing for a setting not requested. */
export function checkProperty<Name extends RealmProperty>(name: Name, requested: RealmPropertiesInput[Name]): void {
  if (requested !== undefined) (REALM_PROPERTIES[name].check as ((value: unknown) => void) | undefined)?.(requested);
}
