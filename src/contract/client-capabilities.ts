import type { ParamRequirement, WireParams } from './feature-levels';

/**
 * The feature level from which a server knows each client capability. An older server ignores a
 * capability it does not know (it reads `client_capabilities` as it is), so its state and events
 * keep the format from before the capability.
 */
export const CLIENT_CAPABILITY_LEVELS = {
  notification_settings_null: 1,
  bulk_message_deletion: 13,
  user_avatar_url_field_optional: 18,
  stream_typing_notifications: 58,
  user_settings_object: 89,
  linkifier_url_template: 176,
  user_list_incomplete: 232,
  include_deactivated_groups: 294,
  archived_channels: 315,
  empty_topic_name: 334,
  simplified_presence_events: 419,
} as const;

/** A client capability this SDK knows the level of. */
export type ClientCapabilityName = keyof typeof CLIENT_CAPABILITY_LEVELS;

/**
 * `GET /events` takes the capabilities of a queue made on the fly as top-level parameters, each
 * from its capability's level: an older server would ignore it (and report it ignored), so it is
 * left out for such a server, which serves the older format either way.
 */
function onTheFlyCapability(param: ClientCapabilityName): ParamRequirement {
  return {
    param,
    since: CLIENT_CAPABILITY_LEVELS[param],
    downgrade: ({ [param]: _declared, ...rest }: WireParams) => rest,
  };
}

/** The client capabilities `GET /events` takes as top-level parameters for a queue made on the fly. */
export const ON_THE_FLY_CAPABILITY_NAMES = [
  'bulk_message_deletion',
  'stream_typing_notifications',
  'user_settings_object',
  'linkifier_url_template',
  'user_list_incomplete',
  'include_deactivated_groups',
  'archived_channels',
  'empty_topic_name',
  'simplified_presence_events',
] as const satisfies readonly ClientCapabilityName[];

/** The capability parameters of `GET /events`, each from its level. */
export const ON_THE_FLY_CAPABILITIES: readonly ParamRequirement[] = /* @__PURE__ */ ON_THE_FLY_CAPABILITY_NAMES.map(onTheFlyCapability);
