import * as z from 'zod/mini';
import { ProfileDataChange } from './profile-field';
import { Id, successBody } from './common';

/** A role's wire value: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
const Role = z.int();

/** One custom profile field value of a user, keyed by the field's ID in `profile_data`. */
const ProfileFieldValue = z.looseObject({
  value: z.string(),
  /**
   * Only for fields whose value is Markdown; null where the server never rendered the value (an
   * imported organization's, or one set before the server kept renderings).
   */
  rendered_value: z.optional(z.nullable(z.string())),
});

/** A user as the server describes it to a requester (what that requester may see of them). */
export const User = z.looseObject({
  user_id: Id,
  /** The API email: the real address when its owner lets everyone see it, else `user{id}@{realm host}`. */
  email: z.string(),
  /** The real address, or null when the requester may not see it. Always present from feature level 163. */
  delivery_email: z.optional(z.nullable(z.string())),
  full_name: z.string(),
  /** ISO 8601, minute precision. */
  date_joined: z.string(),
  is_active: z.boolean(),
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  /** Bots only: 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  bot_type: z.optional(z.nullable(z.int())),
  /** Bots only: the owner, or null for bots without one. */
  bot_owner_id: z.optional(z.nullable(Id)),
  /** Cross-realm system bots only. */
  is_system_bot: z.optional(z.boolean()),
  role: Role,
  /** IANA time zone, or empty. */
  timezone: z.string(),
  /** Null when the client computes a Gravatar URL itself (`client_gravatar`). */
  avatar_url: z.optional(z.nullable(z.string())),
  avatar_version: z.int(),
  /** Whether it is a stub account imported from another chat system (absent on older servers). */
  is_imported_stub: z.optional(z.boolean()),
  /** Present only when true: a permanently deleted (and deactivated) user. */
  is_deleted: z.optional(z.boolean()),
  /** Humans only, when asked for: values keyed by custom profile field ID. */
  profile_data: z.optional(z.record(z.string(), ProfileFieldValue)),
});

/** A user object. */
export type User = z.output<typeof User>;

/**
 * A user in register's `realm_users` or `realm_non_active_users`: which list holds it says
 * whether the account is active, so the server leaves `is_active` out.
 */
export const RealmUser = z.omit(User, { is_active: true });

/** A user in register's `realm_users` or `realm_non_active_users`. */
export type RealmUser = z.output<typeof RealmUser>;

const userViewOptions = {
  /** Leave `avatar_url` null where the client can compute a Gravatar itself. @default true */
  client_gravatar: z.optional(z.boolean()),
  /** Add `profile_data` to humans. @default false */
  include_custom_profile_fields: z.optional(z.boolean()),
};

/** Parameters of `GET /users`. */
export const GetUsersParams = z.object({
  /** Only these users (feature level 384): IDs of no user are left out, a repeated one counts once. */
  user_ids: z.optional(z.array(Id)),
  ...userViewOptions,
});

/** Success body of `GET /users`: every user of the organization, deactivated ones and bots included. */
export const GetUsersResponse = successBody({ members: z.array(User) });

/** Parameters of `GET /users/{user_id}`. */
export const GetUserParams = z.object({ user_id: Id, ...userViewOptions });

/** Parameters of `GET /users/{email}`: the real address, or the placeholder `user{id}@{realm host}`. */
export const GetUserByEmailParams = z.object({ email: z.string(), ...userViewOptions });

/** Success body of `GET /users/{user_id}` and `GET /users/{email}`. */
export const GetUserResponse = successBody({ user: User });

/** Parameters of `GET /users/me`. */
export const GetOwnUserParams = z.object({});

/** Success body of `GET /users/me`: the caller's own user object (real address included). */
export const GetOwnUserResponse = successBody({
  ...User.def.shape,
  /** Always present from feature level 163. */
  delivery_email: z.optional(z.string()),
  /** Deprecated and documented for removal: the newest message ID the caller has, or -1. */
  max_message_id: z.optional(z.int()),
});

/** Parameters of `POST /users`. */
export const CreateUserParams = z.object({
  email: z.string(),
  password: z.string(),
  full_name: z.string(),
});

/** Success body of `POST /users`. */
export const CreateUserResponse = successBody({ user_id: Id });

const userChanges = {
  full_name: z.optional(z.string()),
  role: z.optional(Role),
  /** Needs an administrator holding the `can_change_user_emails` permission. */
  new_email: z.optional(z.string()),
  /** Custom profile field values to set (`value: null`, `""` or `[]` removes one). */
  profile_data: z.optional(z.array(ProfileDataChange)),
};

/** Parameters of `PATCH /users/{user_id}`. */
export const UpdateUserParams = z.object({ user_id: Id, ...userChanges });

/** Parameters of `PATCH /users/{email}`. */
export const UpdateUserByEmailParams = z.object({ email: z.string(), ...userChanges });

/** Text emailed to a deactivated user: at most 2000 characters (the mock sends no email). */
export const DeactivationNotificationComment = z.string();

/** Parameters of `DELETE /users/{user_id}`. */
export const DeactivateUserParams = z.object({
  user_id: Id,
  /** Text emailed to the user, at most 2000 characters (the mock sends no email). */
  deactivation_notification_comment: z.optional(DeactivationNotificationComment),
});

/** Parameters of `POST /users/{user_id}/reactivate`. */
export const ReactivateUserParams = z.object({ user_id: Id });

/** Parameters of `DELETE /users/me`. */
export const DeactivateOwnUserParams = z.object({});

/** The empty success body of the user changes. */
export const EmptyUserResponse = successBody({});
