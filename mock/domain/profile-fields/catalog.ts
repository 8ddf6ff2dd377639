/**
 * The field types, as `custom_profile_field_types` in `POST /register` names them, in the
 * server's order: by display name (`CustomProfileField.ALL_FIELD_TYPES` is sorted by it).
 */
export const PROFILE_FIELD_TYPES = {
  DATE: { id: 4, name: 'Date' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  URL: { id: 5, name: 'Link' },
  SELECT: { id: 3, name: 'List of options' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  USER: { id: 6, name: 'Users' },
} as const;

/** Type IDs by name. */
export const FIELD_TYPE = Object.fromEntries(Object.entries(PROFILE_FIELD_TYPES).map(([name, type]) => [name, type.id])) as {
  readonly [Name in keyof typeof PROFILE_FIELD_TYPES]: (typeof PROFILE_FIELD_TYPES)[Name]['id'];
};

/** External account subtypes the server names itself. */
export const BUILT_IN_ACCOUNTS: Readonly<Record<string, string>> = { twitter: 'Twitter username', github: 'GitHub username' };

/** How many fields may show in profile summaries. */
export const MAX_SUMMARY_FIELDS = 2;
