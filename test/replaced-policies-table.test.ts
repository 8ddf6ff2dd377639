import { describe, expect, it } from 'vitest';
import { REALM_GROUP_SETTINGS } from '../mock/domain/realm-config/realm-settings';
import { REPLACED_POLICIES, type ReplacedPolicy } from '../mock/domain/realm-config/replaced-policies';
import { updateRealm } from '../src/endpoints/realm-settings';

/** The policies that policies, not group settings, replaced. */
const REPLACED_BY_POLICIES = new Set(['create_stream_policy']);

describe("the replaced policies' table agrees with the group settings' levels", () => {
  const rows = Object.entries(REPLACED_POLICIES as Record<string, ReplacedPolicy>).filter(([name]) => !REPLACED_BY_POLICIES.has(name));
  it.each(rows)('%s: each group setting its numbers set came at its `until`, in the mock and in the SDK', (_name, policy) => {
    const settings = new Set(Object.values(policy.numbers).flatMap((groups) => Object.keys(groups)));
    const requires = new Map(updateRealm.requires.map((requirement) => [requirement.param, requirement.since]));
    for (const setting of settings) {
      expect(REALM_GROUP_SETTINGS[setting as keyof typeof REALM_GROUP_SETTINGS].since).toBe(policy.until);
      expect(requires.get(setting)).toBe(policy.until);
    }
  });
});
