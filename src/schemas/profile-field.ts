import * as z from 'zod/mini';
import { Id, successBody } from './common';

/**
 * Custom profile field types: 1 short text, 2 long text, 3 list of options, 4 date, 5 link,
 * 6 users, 7 external account, 8 pronouns.
 */
export const ProfileFieldType = z.int();

/** A custom profile field of the organization. */
export const CustomProfileField = z.looseObject({
  id: Id,
  name: z.string(),
  type: ProfileFieldType,
  hint: z.string(),
  /** JSON text: the choices of a list field, the subtype of an external account field; else `""`. */
  field_data: z.string(),
  /** Position among the fields, ascending. */
  order: z.int(),
  /** From feature level 244. */
  required: z.optional(z.boolean()),
  /** From feature level 296. */
  editable_by_user: z.optional(z.boolean()),
  /** Present, true, for the (at most two) fields shown in profile summaries. */
  display_in_profile_summary: z.optional(z.boolean()),
  /** Present, true, for fields used to match users. */
  use_for_user_matching: z.optional(z.boolean()),
});

/** A custom profile field. */
export type CustomProfileField = z.output<typeof CustomProfileField>;

/** One choice of a list-of-options field. */
export const ProfileFieldChoice = z.looseObject({ text: z.string(), order: z.string() });

/** One entry of `field_data`: a list field's choice (`{ text, order }`), or an external account's `subtype` or `url_pattern`. */
export const FieldDataEntry = z.union([z.record(z.string(), z.string()), z.string()]);

/** A field's settings, as created and as changed. */
const fieldSettings = {
  name: z.optional(z.string()),
  hint: z.optional(z.string()),
  /** A list field's choices keyed by their value (`{ "0": { text, order } }`); an external account's `{ subtype, url_pattern }`. */
  field_data: z.optional(z.record(z.string(), FieldDataEntry)),
  display_in_profile_summary: z.optional(z.boolean()),
  required: z.optional(z.boolean()),
  /** @default true */
  editable_by_user: z.optional(z.boolean()),
  use_for_user_matching: z.optional(z.boolean()),
};

/** Parameters of `POST /realm/profile_fields`. */
export const CreateCustomProfileFieldParams = z.object({ field_type: ProfileFieldType, ...fieldSettings });

/** The new field's ID. */
export const CreateCustomProfileFieldResponse = successBody({ id: Id });

/** Parameters of `GET /realm/profile_fields`. */
export const GetCustomProfileFieldsParams = z.object({});

/** The organization's fields, by `order`. */
export const GetCustomProfileFieldsResponse = successBody({ custom_fields: z.array(CustomProfileField) });

/** A custom profile field value: text, or the user IDs of a Users field. */
export const ProfileDataValue = z.union([z.string(), z.array(Id)]);

/** One change of `profile_data` in `PATCH /users/{user_id}`: a value, or null (or `""`, `[]`) to remove it. */
export const ProfileDataChange = z.object({ id: Id, value: z.nullable(ProfileDataValue) });

/**
 * One value of `PATCH /users/me/profile_data`, stored as given: `""` and `[]` are values there,
 * not removals (`DELETE /users/me/profile_data` removes).
 */
export const ProfileDataUpdate = z.object({ id: Id, value: ProfileDataValue });

/** Parameters of `PATCH /realm/profile_fields/{field_id}`: what is given replaces (the type stays). */
export const UpdateCustomProfileFieldParams = z.object({ field_id: Id, ...fieldSettings });

/** Parameters of `DELETE /realm/profile_fields/{field_id}`. */
export const RemoveCustomProfileFieldParams = z.object({ field_id: Id });

/** Parameters of `PATCH /realm/profile_fields`: every field's ID, in the new order. */
export const ReorderCustomProfileFieldsParams = z.object({ order: z.array(Id) });

/** Parameters of `PATCH /users/me/profile_data`: the caller's own values to set. */
export const UpdateProfileDataParams = z.object({ data: z.array(ProfileDataUpdate) });

/** Parameters of `DELETE /users/me/profile_data`: the IDs of the fields whose values to remove. */
export const RemoveProfileDataParams = z.object({ data: z.array(Id) });

/** Success without a payload. */
export const ProfileFieldChangeResponse = successBody({});
