import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiReference } from '../test/support/reference';
import { responseFieldLevels } from './response-field-levels';

describe('mock/http/response-field-levels.json', () => {
  it('is the table of the committed reference extract (npx tsx scripts/response-field-levels-update.ts regenerates it)', () => {
    const committed: unknown = JSON.parse(readFileSync(new URL('../mock/http/response-field-levels.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(responseFieldLevels(structuredClone(apiReference())));
  });

  it('lists a pure addition by path and level, a renamed field by its rename, and not a field that came with its object or replaced an older one', () => {
    const { operations, events } = responseFieldLevels(structuredClone(apiReference()));
    expect(operations['GET /user_groups']?.user_groups).toMatchObject({ '[]': { creator_id: 292, deactivated: 290, can_manage_group: 283 } });
    expect(operations['POST /messages']).toEqual({ automatic_new_visibility_policy: 218 });
    expect(events['user_group add']).toMatchObject({ group: { date_created: 292 } });
    // `can_mention_group_id` from 191 (the reference's level), `can_mention_group` from 198.
    expect(operations['GET /user_groups']?.user_groups).toHaveProperty(['[]', 'can_mention_group'], 198);
    expect(operations['GET /user_groups']?.user_groups).not.toHaveProperty(['[]', 'is_system_group']);
    // The realm's group settings that replaced a policy go below their levels, where the mock sends the policy.
    expect(operations['POST /register']).toHaveProperty('realm_can_create_groups', 299);
    expect(events['realm update_dict']).toMatchObject({ data: { can_mention_many_users_group: 352 } });
    expect(operations['POST /register']).toHaveProperty('realm_can_summarize_topics_group', 350);
  });
});
