import { describe, expect, it } from 'vitest';
import { applyEvent, type ChatEvent, parseEvent, type RegisteredState } from '../src/index';

// Events the mock does not produce, shaped as the real server sends them, through parseEvent and
// applyEvent: the state must become what the server's own reducer (`apply_event`) makes of it.

const base: RegisteredState = { queue_id: 'q', last_event_id: -1, zulip_feature_level: 442, zulip_version: 'x' };

/** Parses a server-shaped event (failing the test if the SDK cannot type it) and applies it. */
function apply(state: RegisteredState, payload: Record<string, unknown>): RegisteredState {
  const event = parseEvent({ id: 0, ...payload } as Parameters<typeof parseEvent>[0]);
  expect(event, `untyped: ${JSON.stringify(payload)}`).toBeDefined();
  return event ? applyEvent(state, event) : state;
}

describe('default_stream_groups and has_zoom_token events', () => {
  it('default_stream_groups replaces realm_default_stream_groups', () => {
    const groups = [{ id: 1, name: 'Engineering', description: 'code', streams: [2001, 2003] }];
    const state = { ...base, realm_default_stream_groups: [] };
    expect(apply(state, { type: 'default_stream_groups', default_stream_groups: groups }).realm_default_stream_groups).toEqual(groups);
    expect(apply(base, { type: 'default_stream_groups', default_stream_groups: groups })).toEqual(base);
  });

  it('has_zoom_token sets has_zoom_token', () => {
    expect(apply({ ...base, has_zoom_token: false }, { type: 'has_zoom_token', value: true }).has_zoom_token).toBe(true);
    expect(apply({ ...base, has_zoom_token: true }, { type: 'has_zoom_token', value: false }).has_zoom_token).toBe(false);
  });
});

describe('custom_profile_fields', () => {
  it('leaves out user lists the state does not hold', () => {
    const next = apply({ ...base, custom_profile_fields: [] }, { type: 'custom_profile_fields', fields: [] });
    expect(next).not.toHaveProperty('realm_users');
    expect(next).not.toHaveProperty('realm_non_active_users');
  });
});

describe('realm update_dict of a plan change', () => {
  it('sets the top-level max_file_upload_size_mib and zulip_plan_is_not_limited (the limited plan is 2)', () => {
    const state = { ...base, realm_plan_type: 3, realm_upload_quota_mib: null, max_file_upload_size_mib: 1024, zulip_plan_is_not_limited: true };
    const limited = apply(state, { type: 'realm', op: 'update_dict', property: 'default', data: { plan_type: 2, upload_quota_mib: 5120, max_file_upload_size_mib: 10 } });
    expect(limited).toMatchObject({ realm_plan_type: 2, realm_upload_quota_mib: 5120, max_file_upload_size_mib: 10, zulip_plan_is_not_limited: false });
    expect(limited).not.toHaveProperty('realm_max_file_upload_size_mib');
    const standard = apply(limited, { type: 'realm', op: 'update_dict', property: 'default', data: { plan_type: 3, upload_quota_mib: null, max_file_upload_size_mib: 1024 } });
    expect(standard).toEqual(state);
  });
});

describe('partial_subscribers (include_subscribers=partial, feature level 412)', () => {
  // Only the fields the reducer reads; real entries have many more.
  const channels = {
    subscriptions: [{ stream_id: 1, name: 'big', partial_subscribers: [5, 7] }],
    unsubscribed: [{ stream_id: 2, name: 'small', subscribers: [7] }],
    never_subscribed: [{ stream_id: 3, name: 'huge', partial_subscribers: [7] }],
  } as unknown as Partial<RegisteredState>;
  const state: RegisteredState = { ...base, user_id: 5, ...channels };
  const listsOf = (next: RegisteredState) =>
    [...(next.subscriptions ?? []), ...(next.unsubscribed ?? []), ...(next.never_subscribed ?? [])].map((entry) => {
      const { stream_id, subscribers, partial_subscribers } = entry as { stream_id: number; subscribers?: number[]; partial_subscribers?: number[] };
      return { stream_id, subscribers, partial_subscribers };
    });

  it('peer_add and peer_remove change whichever list an entry has', () => {
    const added = apply(state, { type: 'subscription', op: 'peer_add', stream_ids: [1, 2, 3], user_ids: [9] });
    expect(listsOf(added)).toEqual([
      { stream_id: 1, partial_subscribers: [5, 7, 9] },
      { stream_id: 2, subscribers: [7, 9] },
      { stream_id: 3, partial_subscribers: [7, 9] },
    ]);
    const removed = apply(added, { type: 'subscription', op: 'peer_remove', stream_ids: [1, 3], user_ids: [7] });
    expect(listsOf(removed)).toEqual([
      { stream_id: 1, partial_subscribers: [5, 9] },
      { stream_id: 2, subscribers: [7, 9] },
      { stream_id: 3, partial_subscribers: [9] },
    ]);
  });

  it('leaving a channel takes yourself out of its partial list; a removed user leaves every list', () => {
    const left = apply(state, { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 1, name: 'big' }] });
    expect(listsOf(left)).toEqual([
      { stream_id: 1, partial_subscribers: [7] },
      { stream_id: 2, subscribers: [7] },
      { stream_id: 3, partial_subscribers: [7] },
    ]);
    const gone = apply(state, { type: 'realm_user', op: 'remove', person: { user_id: 7, full_name: 'Unknown user' } });
    expect(listsOf(gone)).toEqual([
      { stream_id: 1, partial_subscribers: [5] },
      { stream_id: 2, subscribers: [] },
      { stream_id: 3, partial_subscribers: [] },
    ]);
  });

  it('a state whose only lists are partial still tracks subscribers: a new subscription keeps its list', () => {
    const partialOnly = { ...state, unsubscribed: [], never_subscribed: [] } as RegisteredState;
    // A real subscription has many more fields (which parseEvent requires).
    const subscriptions = [{ stream_id: 4, name: 'joined', subscribers: [5, 8] }];
    const joined = applyEvent(partialOnly, { id: 0, type: 'subscription', op: 'add', subscriptions } as unknown as ChatEvent);
    expect(listsOf(joined)).toContainEqual({ stream_id: 4, subscribers: [5, 8] });
  });
});

describe("the caller's own role change", () => {
  it('to guest empties realm_default_streams and realm_default_stream_groups; out of administration, realm_bots keeps the own bots', () => {
    const bot = (user_id: number, owner_id: number) => ({ user_id, owner_id }) as unknown as NonNullable<RegisteredState['realm_bots']>[number];
    const state: RegisteredState = {
      ...base,
      user_id: 5,
      realm_default_streams: [1],
      realm_default_stream_groups: [{ id: 1, name: 'g', description: '', streams: [1] }],
      realm_bots: [bot(20, 5), bot(21, 6)],
    };
    const guest = apply(state, { type: 'realm_user', op: 'update', person: { user_id: 5, role: 600 } });
    expect(guest).toMatchObject({ realm_default_streams: [], realm_default_stream_groups: [], realm_bots: [bot(20, 5)] });
    // Someone else's role changes none of it.
    expect(apply(state, { type: 'realm_user', op: 'update', person: { user_id: 6, role: 600 } })).toEqual(state);
  });
});

describe('realm_user update of any field the user object has', () => {
  it('copies it (is_imported_stub, level 433), and adds nothing the object lacks', () => {
    const user = { user_id: 7, email: 'a@x', full_name: 'A', role: 400, is_admin: false, is_owner: false, is_guest: false, is_bot: false, is_imported_stub: true, avatar_url: null, date_joined: '', timezone: '' };
    const state = { ...base, realm_users: [user], realm_non_active_users: [] } as unknown as RegisteredState;
    const next = apply(state, { type: 'realm_user', op: 'update', person: { user_id: 7, is_imported_stub: false, brand_new: 1 } });
    expect(next.realm_users).toEqual([{ ...user, is_imported_stub: false }]);
    const renamed = apply(state, { type: 'realm_user', op: 'update', person: { user_id: 7, role: 200, new_email: 'b@x' } });
    expect(renamed.realm_users).toEqual([{ ...user, role: 200, is_admin: true, email: 'b@x' }]);
  });
});

describe('context.includeSubscribers', () => {
  it("keeps a new subscription's subscribers when the state has no channel entries to tell", () => {
    const empty: RegisteredState = { ...base, user_id: 5, subscriptions: [], unsubscribed: [], never_subscribed: [] };
    const subscriptions = [{ stream_id: 4, name: 'joined', subscribers: [5, 8] }];
    const event = { id: 0, type: 'subscription', op: 'add', subscriptions } as unknown as ChatEvent;
    expect(applyEvent(empty, event, { includeSubscribers: true }).subscriptions).toEqual(subscriptions);
    // Without it the guess (no entry lists subscribers) drops them, as for a registration without.
    expect(applyEvent(empty, event).subscriptions).toEqual([{ stream_id: 4, name: 'joined' }]);
    expect(applyEvent(empty, event, { includeSubscribers: false }).subscriptions).toEqual([{ stream_id: 4, name: 'joined' }]);
  });
});
