import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { applyEvent, parseEvent, type RegisteredState } from '../src/index';

describe('parseEvent', () => {
  it('types a known event and passes over a type this SDK does not know', () => {
    expect(parseEvent({ id: 3, type: 'heartbeat' })).toEqual({ id: 3, type: 'heartbeat' });
    expect(parseEvent({ id: 4, type: 'brand_new_feature', anything: 1 })).toBeUndefined();
  });

  it('throws when a known type lacks its fields', () => {
    expect(() => parseEvent({ id: 5, type: 'user_topic' })).toThrow();
    expect(() => parseEvent({ id: 6, type: 'subscription', op: 'peer_add' })).toThrow();
  });

  it('passes over a known type with an op this SDK does not know (a newer server adding one must not break the loop)', () => {
    for (const type of ['subscription', 'realm', 'user_group', 'stream', 'drafts', 'realm_user']) {
      expect(parseEvent({ id: 7, type, op: 'brand_new_op', person: {} })).toBeUndefined();
    }
  });
});

describe('applyEvent', () => {
  const base: RegisteredState = {
    queue_id: 'q',
    last_event_id: -1,
    zulip_feature_level: 1,
    zulip_version: 'x',
    max_message_id: 10,
    user_topics: [{ stream_id: 1, topic_name: 'Castle', last_updated: 1, visibility_policy: 1 }],
  };

  it('keeps user_topics in place on update, appends new ones and drops a policy back to inherit', () => {
    const updated = applyEvent(base, {
      id: 0,
      type: 'user_topic',
      stream_id: 1,
      topic_name: 'castle',
      last_updated: 2,
      visibility_policy: 3,
    });
    // The stored casing stays, as the server keeps a topic's first casing.
    expect(updated.user_topics).toEqual([{ stream_id: 1, topic_name: 'Castle', last_updated: 2, visibility_policy: 3 }]);
    const removed = applyEvent(updated, { id: 1, type: 'user_topic', stream_id: 1, topic_name: 'Castle', last_updated: 3, visibility_policy: 0 });
    expect(removed.user_topics).toEqual([]);
    expect(base.user_topics).toHaveLength(1);
  });

  it('leaves sections the state does not hold alone', () => {
    const { max_message_id: _omitted, ...withoutMessages } = base;
    const event = parseEvent({ id: 0, type: 'heartbeat' });
    expect(event && applyEvent(withoutMessages, event)).toEqual(withoutMessages);
  });
});

describe('applyEvent on the caller\'s own realm_user fields', () => {
  const own: RegisteredState = {
    queue_id: 'q',
    last_event_id: -1,
    zulip_feature_level: 1,
    zulip_version: 'x',
    realm_users: [],
    realm_non_active_users: [],
    user_id: 7,
    is_owner: false,
    is_admin: false,
    is_moderator: false,
    is_guest: false,
    avatar_source: 'G',
    avatar_url: 'https://secure.gravatar.com/avatar/x?d=identicon&version=1',
    avatar_url_medium: 'https://secure.gravatar.com/avatar/x?d=identicon&s=500&version=1',
  };
  const update = (person: Record<string, unknown>) => applyEvent(own, { id: 0, type: 'realm_user', op: 'update', person: { user_id: 7, ...person } });

  it('takes a new avatar, its source and medium size, and keeps the URL when the event leaves it to the client (null)', () => {
    const uploaded = { avatar_source: 'U', avatar_url: '/user_avatars/2/a.png?version=2', avatar_url_medium: '/user_avatars/2/a-medium.png?version=2', avatar_version: 2 };
    expect(update(uploaded)).toMatchObject({ avatar_source: 'U', avatar_url: uploaded.avatar_url, avatar_url_medium: uploaded.avatar_url_medium });
    expect(update({ avatar_source: 'G', avatar_url: null, avatar_url_medium: null, avatar_version: 1 })).toMatchObject({
      avatar_url: own.avatar_url,
      avatar_url_medium: own.avatar_url_medium,
    });
  });

  it('is_moderator only for the moderator role before feature level 380, for administrators and owners too from it', () => {
    expect(update({ role: 200 })).toMatchObject({ is_admin: true, is_moderator: false });
    expect(update({ role: 300 })).toMatchObject({ is_admin: false, is_moderator: true });
    const at380 = (role: number) => applyEvent({ ...own, zulip_feature_level: 380 }, { id: 0, type: 'realm_user', op: 'update', person: { user_id: 7, role } });
    expect([100, 200, 300, 400, 600].map((role) => at380(role).is_moderator)).toEqual([true, true, true, false, false]);
  });
});

describe('ManualClock timers', () => {
  it('fire in due order when time moves past them, and a cancelled one never fires', () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.setTimer(300, () => fired.push(`b@${clock.now()}`));
    clock.setTimer(100, () => fired.push(`a@${clock.now()}`));
    const cancel = clock.setTimer(200, () => fired.push('cancelled'));
    cancel();
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(500);
    expect(fired).toEqual(['a@100', 'b@300']);
    expect(clock.now()).toBe(599);
  });

  it('a jump back fires nothing', () => {
    const clock = new ManualClock(1000);
    let fired = false;
    clock.setTimer(10, () => {
      fired = true;
    });
    clock.set(500);
    expect(fired).toBe(false);
  });
});
