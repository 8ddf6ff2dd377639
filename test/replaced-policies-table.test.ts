import { describe, expect, it } from 'vitest';
import { REALM_GROUP_SETTINGS } from '../mock/domain/realm-config/realm-settings';
import { REPLACED_POLICIES, type ReplacedPolicy } from '../mock/domain/realm-config/replaced-policies';
import { updateRealm } from '../src/endpoints/realm-settings';
import { deprecatedPolicy, type PolicyGroupSetting, policySystemGroup } from '../src/events/realm-policies';

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

/** The group settings whose policy the SDK's reducer reads (src/events/realm-policies.ts). */
const SDK_POLICY_SETTINGS: readonly PolicyGroupSetting[] = [
  'can_create_public_channel_group',
  'can_create_private_channel_group',
  'can_create_web_public_channel_group',
  'can_mention_many_users_group',
  'can_invite_users_group',
  'can_add_subscribers_group',
];

describe("the SDK's policy numbers are the mock's", () => {
  it.each(SDK_POLICY_SETTINGS)('%s: each number stands for the same system group, other numbers for none, and other groups for the same number', (setting) => {
    const name = deprecatedPolicy(setting, undefined).key.slice('realm_'.length);
    const policy = (REPLACED_POLICIES as Record<string, ReplacedPolicy>)[name]!;
    for (let number = 0; number <= 8; number += 1) {
      const groups = policy.numbers[number];
      expect(policySystemGroup(setting, number)).toBe(groups?.[setting as keyof typeof groups]);
    }
    expect(deprecatedPolicy(setting, undefined).value).toBe(policy.fallback ?? Number(Object.keys(policy.numbers)[0]));
  });
});
