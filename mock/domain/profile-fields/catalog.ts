/** The field types, as `custom_profile_field_types` in `POST /register` names them. */
export const PROFILE_FIELD_TYPES = {
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SELECT: { id: 3, name: 'List of options' },
  DATE: { id: 4, name: 'Date' },
  URL: { id: 5, name: 'Link' },
  USER: { id: 6, name: 'Users' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
} as const;

/** Type IDs by name. */
export const FIELD_TYPE = Object.fromEntries(Object.entries(PROFILE_FIELD_TYPES).map(([name, type]) => [name, type.id])) as {
  readonly [Name in keyof typeof PROFILE_FIELD_TYPES]: (typeof PROFILE_FIELD_TYPES)[Name]['id'];
};

/** External account subtypes the server names itself. */
export const BUILT_IN_ACCOUNTS: Readonly<Record<string, string>> = { twitter: 'Twitter username', github: 'GitHub username' };

/** How many fields may show in profile summaries. */
export const MAX_SUMMARY_FIELDS = 2;
