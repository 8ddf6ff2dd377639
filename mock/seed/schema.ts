import { z } from 'zod';
import { RESERVED_GROUP_PREFIXES } from '../domain/user-groups/names';

const RoleInput = z.enum(['owner', 'administrator', 'moderator', 'member', 'guest']);
const AutomaticPolicyInput = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** A user of the seed. */
const SeedUser = z.strictObject({
  email: z.email(),
  full_name: z.string().min(2).max(100),
  role: RoleInput.default('member'),
  /** Fixed ID; default: the next free user ID. */
  id: z.int().positive().optional(),
  /** 32 letters and digits; default: derived from the email, stable across runs. */
  api_key: z
    .string()
    .regex(/^[0-9a-zA-Z]{32}$/, 'must be 32 letters and digits')
    .optional(),
  /** Password for `POST /fetch_api_key`; empty disables password login. */
  password: z.string().default(''),
  is_active: z.boolean().default(true),
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded; omit for humans. */
  bot_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  /** Email of the bot's owner (bots only). */
  bot_owner: z.email().optional(),
  timezone: z.string().default(''),
  /** 1 everyone, 2 members, 3 administrators, 4 nobody, 5 moderators. */
  email_address_visibility: z.int().min(1).max(5).default(1),
  /** Follow topics: 1 on participation, 2 on send, 3 on initiation (default; 4 at feature levels 214 to 217), 4 never. */
  automatically_follow_topics_policy: AutomaticPolicyInput.optional(),
  /** Unmute topics in muted channels, same values; default 2 (on send; 4 at feature levels 214 to 217). */
  automatically_unmute_topics_in_muted_streams_policy: AutomaticPolicyInput.optional(),
  /** Follow topics where the user is mentioned; default true. */
  automatically_follow_topics_where_mentioned: z.boolean().default(true),
  /** Whether others may see that this user read a message; default true. */
  send_read_receipts: z.boolean().default(true),
  /** Whether emoticons such as `:)` in the user's messages render as emoji; default false. */
  translate_emoticons: z.boolean().default(false),
  /** The server-granted permission to create users over the API (administrators only); default false. */
  can_create_users: z.boolean().default(false),
  /** The server-granted permission to change users' addresses over the API; default false. */
  can_change_user_emails: z.boolean().default(false),
});

/** A channel of the seed. */
const SeedChannel = z.strictObject({
  name: z.string().min(1).max(60),
  description: z.string().default(''),
  invite_only: z.boolean().default(false),
  is_web_public: z.boolean().default(false),
  /** Defaults to true; only private channels may hide history from new subscribers. */
  history_public_to_subscribers: z.boolean().default(true),
  topics_policy: z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']).default('inherit'),
  /** Emails of the subscribed users. */
  subscribers: z.array(z.email()).default([]),
  /** Emails of subscribers who muted the channel. */
  muted_by: z.array(z.email()).default([]),
  /** New users join it (public channels only). */
  is_default: z.boolean().default(false),
});

/** A custom user group of the seed (system groups always exist). */
const SeedUserGroup = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(100)
    .refine((name) => !RESERVED_GROUP_PREFIXES.some((prefix) => name.startsWith(prefix)), {
      message: `must not start with ${RESERVED_GROUP_PREFIXES.join(', ')}`,
    }),
  description: z.string().default(''),
  /** Emails of the direct members. */
  members: z.array(z.email()).default([]),
  /** Name of the group whose members may mention this one; default role:everyone. */
  can_mention_group: z.string().default('role:everyone'),
});

/** A custom emoji of the realm (its image is not modelled). */
const SeedRealmEmoji = z.strictObject({
  name: z.string().regex(/^[0-9a-z_-]*[0-9a-z]$/, 'must be lower-case letters, digits, dashes and underscores, ending with a letter or digit'),
  /** Email of the user who added it. */
  author: z.email().optional(),
  deactivated: z.boolean().default(false),
});

/** A reaction to a seeded message: one emoji, from each of the users who reacted with it. */
const SeedReaction = z.strictObject({
  /**
   * The emoji's name, as the API's `emoji_name`: an active custom emoji of the seed, `zulip`, or
   * a unicode emoji's name (`octopus`, `+1`); stored with the code and type adding it would store.
   */
  emoji_name: z.string().min(1),
  /** Emails of the users who reacted; each must be allowed to react to the message. */
  by: z.array(z.email()).min(1),
});

/** What happened to a seeded message since it was sent: when, reactions, who read and starred it. */
const seedMessageHistory = {
  /**
   * When it was sent: an ISO 8601 date-time with an offset, no later than the realm clock's now
   * and no earlier than the message before it; default: the realm clock's now.
   */
  timestamp: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset, e.g. 2026-11-20T09:30:00Z' }).optional(),
  /** Its reactions, each stored as adding it through the API stores it; default: none. */
  reactions: z.array(SeedReaction).default([]),
  /** Emails of the recipients who have read it, or `everyone`; the sender always has. Default: none. */
  read_by: z.union([z.literal('everyone'), z.array(z.email())]).default([]),
  /** Emails of the users who starred it (a user who did not receive it gets a copy, as starring through the API gives). */
  starred_by: z.array(z.email()).default([]),
};

/** A message of the seed: to a channel and topic, or direct to users. */
const SeedMessage = z.union([
  z.strictObject({ sender: z.email(), channel: z.string(), topic: z.string(), content: z.string().min(1), ...seedMessageHistory }),
  z.strictObject({ sender: z.email(), to: z.array(z.email()).min(1), content: z.string().min(1), ...seedMessageHistory }),
]);

/** The realm's own settings in a seed. */
const SeedRealm = z.strictObject({
  name: z.string().default('Zulip Dev'),
  string_id: z.string().default('zulip'),
  description: z.string().default('The mock organization of teamchat-sdk.'),
  fake_email_domain: z.string().default('zulip.testserver'),
  topics_policy: z.enum(['allow_empty_topic', 'disable_empty_topic']).default('allow_empty_topic'),
  /** The server's `MAX_FILE_UPLOAD_SIZE`, reported as `max_file_upload_size_mib`. */
  max_file_upload_size_mib: z.int().min(0).default(100),
  /** Days messages are kept (-1: forever), `realm_message_retention_days`. */
  message_retention_days: z.union([z.literal(-1), z.int().min(1)]).default(-1),
});

/** A seed: the whole initial content of a realm. Its format is documented in docs/seed.md. */
export const Seed = z.strictObject({
  realm: SeedRealm.default(SeedRealm.parse({})),
  users: z.array(SeedUser).min(1),
  user_groups: z.array(SeedUserGroup).default([]),
  channels: z.array(SeedChannel).default([]),
  realm_emoji: z.array(SeedRealmEmoji).default([]),
  messages: z.array(SeedMessage).default([]),
});

/** A seed as written (defaults optional). */
export type SeedInput = z.input<typeof Seed>;
/** A seed after validation (defaults filled). */
export type SeedData = z.output<typeof Seed>;
