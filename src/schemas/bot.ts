import * as z from 'zod/mini';
import { fileParam } from '../contract/wire';
import { FileContent } from './upload';
import { Id, successBody } from './common';

/** An outgoing webhook's URL (the server checks it is one as it reads the parameter). */
export const WebhookUrl = z.string();

/** An outgoing webhook's service (`base_url`, `interface`, `token`) or an embedded bot's (`service_name`, `config_data`). */
export const BotService = z.looseObject({
  base_url: z.optional(z.string()),
  /** 1 Zulip's native format, 2 Slack's. */
  interface: z.optional(z.int()),
  token: z.optional(z.string()),
  service_name: z.optional(z.string()),
  config_data: z.optional(z.record(z.string(), z.string())),
});

/** A bot as those who administer it see it (`realm_bots`, `realm_bot` events). */
export const Bot = z.looseObject({
  email: z.string(),
  user_id: Id,
  full_name: z.string(),
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  bot_type: z.nullable(z.int()),
  /** From feature level 222. */
  is_active: z.optional(z.boolean()),
  api_key: z.string(),
  /** The channel the bot sends to when a message names none (legacy), by name. */
  default_sending_stream: z.nullable(z.string()),
  default_events_register_stream: z.nullable(z.string()),
  default_all_public_streams: z.boolean(),
  avatar_url: z.string(),
  owner_id: z.nullable(Id),
  /** One entry for outgoing webhook and embedded bots, none for the others. */
  services: z.array(BotService),
});

/** A bot as its administrators see it. */
export type Bot = z.output<typeof Bot>;

/** Parameters of `POST /bots`. */
export const CreateBotParams = z.object({
  full_name: z.string(),
  /** The bot's address is `{short_name}-bot@{realm host}`. */
  short_name: z.string(),
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. @default 1 */
  bot_type: z.optional(z.int()),
  /** Outgoing webhook bots: where messages are posted. */
  payload_url: z.optional(WebhookUrl),
  /** Embedded bots: which one (`helloworld`, `converter`, ...); incoming webhooks: the integration. */
  service_name: z.optional(z.string()),
  /** Incoming webhook and embedded bots' configuration. */
  config_data: z.optional(z.record(z.string(), z.string())),
  /** Outgoing webhook format: 1 Zulip's, 2 Slack's. @default 1 */
  interface_type: z.optional(z.int()),
  default_sending_stream: z.optional(z.string()),
  default_events_register_stream: z.optional(z.string()),
  default_all_public_streams: z.optional(z.boolean()),
  /** The bot's avatar: an image file, sent multipart (the server takes the one file of the request). */
  avatar: z.optional(fileParam(FileContent)),
});

/** Success body of `POST /bots`. */
export const CreateBotResponse = successBody({
  user_id: Id,
  api_key: z.string(),
  avatar_url: z.string(),
  default_sending_stream: z.nullable(z.string()),
  default_events_register_stream: z.nullable(z.string()),
  default_all_public_streams: z.boolean(),
});

/** Parameters of `GET /bots` (none). */
export const GetBotsParams = z.object({});

/** One of the caller's active bots, as `GET /bots` lists it. */
export const OwnedBot = z.looseObject({
  /** The bot's address. */
  username: z.string(),
  full_name: z.string(),
  api_key: z.string(),
  avatar_url: z.string(),
  default_sending_stream: z.nullable(z.string()),
  default_events_register_stream: z.nullable(z.string()),
  default_all_public_streams: z.boolean(),
});

/** Success body of `GET /bots`: the caller's active bots, oldest first. */
export const GetBotsResponse = successBody({ bots: z.array(OwnedBot) });

/** Parameters of `PATCH /bots/{bot_id}`: only what changes. */
export const UpdateBotParams = z.object({
  bot_id: Id,
  full_name: z.optional(z.string()),
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  role: z.optional(z.int()),
  /** A new owner: an active human of the realm. */
  bot_owner_id: z.optional(Id),
  config_data: z.optional(z.record(z.string(), z.string())),
  /** Outgoing webhook bots: the new URL. */
  service_payload_url: z.optional(WebhookUrl),
  /** Outgoing webhook bots: the format (with `service_payload_url`). @default 1 */
  service_interface: z.optional(z.int()),
  /** A channel name, or `""` for none. */
  default_sending_stream: z.optional(z.string()),
  /** A channel name, or `""` for none. */
  default_events_register_stream: z.optional(z.string()),
  default_all_public_streams: z.optional(z.boolean()),
  /** A new avatar: an image file, sent multipart; stored after every other change. */
  avatar: z.optional(fileParam(FileContent)),
});

/** Success body of `PATCH /bots/{bot_id}`: the bot's settings after the change. */
export const UpdateBotResponse = successBody({
  full_name: z.string(),
  avatar_url: z.string(),
  service_interface: z.int(),
  service_payload_url: z.nullable(z.string()),
  config_data: z.nullable(z.record(z.string(), z.string())),
  default_sending_stream: z.nullable(z.string()),
  default_events_register_stream: z.nullable(z.string()),
  default_all_public_streams: z.boolean(),
  /** The owner's address (absent for bots without an owner). */
  bot_owner: z.optional(z.string()),
});

/** Parameters of `DELETE /bots/{bot_id}` and `POST /bots/{bot_id}/api_key/regenerate`. */
export const BotIdParams = z.object({ bot_id: Id });

/** Parameters of `POST /users/me/api_key/regenerate` (none). */
export const RegenerateOwnApiKeyParams = z.object({});

/** Success body of the API key regeneration routes: the new key (the old one stops working). */
export const RegenerateApiKeyResponse = successBody({ api_key: z.string() });

/** Success without a payload. */
export const BotChangeResponse = successBody({});
