import { describe, expect, it } from 'vitest';
import { createMockServer } from '../index';
import { setVisibilityPolicy, VisibilityPolicy, visibilityPolicyOf } from './user-topics';

describe('topic visibility policies', () => {
  it('sets, keeps the first casing, ignores a repeat and removes with INHERIT', () => {
    const { state, store } = createMockServer();
    const hamlet = store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0;
    const verona = store.channelByName('Verona')?.id ?? 0;
    expect(visibilityPolicyOf(state, hamlet, verona, 'Plans')).toBe(VisibilityPolicy.INHERIT);
    expect(setVisibilityPolicy(state, hamlet, verona, 'Plans', VisibilityPolicy.MUTED)).toBe(true);
    expect(setVisibilityPolicy(state, hamlet, verona, 'PLANS', VisibilityPolicy.MUTED)).toBe(false);
    expect(setVisibilityPolicy(state, hamlet, verona, 'plans', VisibilityPolicy.FOLLOWED)).toBe(true);
    expect(store.userTopic(hamlet, verona, 'plans')).toMatchObject({ topic_name: 'Plans', visibility_policy: 3 });
    expect(setVisibilityPolicy(state, hamlet, verona, 'PLANS', VisibilityPolicy.INHERIT)).toBe(true);
    expect(store.userTopic(hamlet, verona, 'plans')).toBeUndefined();
    expect(setVisibilityPolicy(state, hamlet, verona, 'plans', VisibilityPolicy.INHERIT)).toBe(false);
  });
});
