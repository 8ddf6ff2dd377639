import { describe, expect, it } from 'vitest';
import { createMockServer, DEFAULT_SEED, parseSeed, SeedError } from '../mock/index';

describe('seeds', () => {
  it.each([
    [{}, 'users: '],
    [{ users: [{ email: 'x', full_name: 'Some One' }] }, 'users[0].email'],
    [{ users: [{ email: 'a@b.co', full_name: 'Some One', role: 'king' }] }, 'users[0].role'],
    [{ users: [{ email: 'a@b.co', full_name: 'Some One', colour: 'red' }] }, 'users[0]'],
    [
      { users: [{ email: 'a@b.co', full_name: 'Some One' }], channels: [{ name: 'c', subscribers: ['z@b.co'] }] },
      'channels[0].subscribers[0]',
    ],
    [
      {
        users: [{ email: 'a@b.co', full_name: 'Some One' }],
        messages: [{ sender: 'a@b.co', channel: 'none', topic: 't', content: 'x' }],
      },
      'messages[0].channel',
    ],
    [
      {
        users: [
          { email: 'a@b.co', full_name: 'A B' },
          { email: 'A@b.co', full_name: 'C D' },
        ],
      },
      'users[1].email',
    ],
    [{ users: [{ email: 'a@b.co', full_name: 'A B', automatically_follow_topics_policy: 5 }] }, 'users[0].automatically_follow_topics_policy'],
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], channels: [{ name: 'c', muted_by: ['a@b.co'] }] },
      "channels[0].muted_by[0]: 'a@b.co' is not among the subscribers",
    ],
    [{ users: [{ email: 'a@b.co', full_name: 'A B' }], user_groups: [{ name: 'role:x' }] }, 'user_groups[0].name'],
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], user_groups: [{ name: 'g', members: ['z@b.co'] }] },
      'user_groups[0].members[0]',
    ],
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], user_groups: [{ name: 'g', can_mention_group: 'nope' }] },
      "user_groups[0].can_mention_group: no group named 'nope'",
    ],
    [{ users: [{ email: 'a@b.co', full_name: 'A B' }], user_groups: [{ name: 'g' }, { name: 'g' }] }, 'user_groups[1].name'],
    // A message matching neither form was `messages[0]: Invalid input`.
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], messages: [{ sender: 'a@b.co', channel: 'c', topic: 't' }] },
      'messages[0].content: Invalid input: expected string, received undefined',
    ],
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], messages: [{ sender: 'a@b.co', to: 'b@b.co', content: 'x' }] },
      'messages[0].to: Invalid input: expected array, received string',
    ],
    // An unknown key is named with the one it most likely means, before the required key it left missing.
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], channels: [{ name: 'c', private: true }] },
      "channels[0]: unknown key 'private'; did you mean 'invite_only'? (its keys: name, description, invite_only, ",
    ],
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], messages: [{ from: 'a@b.co', channel: 'c', topic: 't', content: 'x' }] },
      "messages[0]: unknown key 'from'; did you mean 'sender'? (its keys: sender, channel, topic, content, ",
    ],
    [{ users: [{ email: 'a@b.co', fullname: 'A B' }] }, "users[0]: unknown key 'fullname'; did you mean 'full_name'?"],
    // The regression: a key of the other kind of message was "unknown key 'topic'; did you mean 'topic'?", listing both kinds' keys.
    [
      { users: [{ email: 'a@b.co', full_name: 'A B' }], messages: [{ sender: 'a@b.co', to: ['a@b.co'], topic: 't', content: 'x' }] },
      "messages[0]: unknown key 'topic' (its keys: sender, to, content, timestamp, reactions, read_by, starred_by)",
    ],
    [{ users: [{ email: 'a@b.co', full_name: 'A B', colour: 'red' }] }, "users[0]: unknown key 'colour' (its keys: email, full_name, role, "],
    [{ user: [{ email: 'a@b.co', full_name: 'A B' }] }, "(root): unknown key 'user'; did you mean 'users'?"],
    [{ users: [{ email: 'a@b.co', full_name: 'A B', role: 'admin' }] }, 'users[0].role: Invalid option: expected one of "owner"|"administrator"|"moderator"|"member"|"guest"'],
  ])('a malformed seed names the bad field (%j)', (seed, field) => {
    expect(() => createMockServer({ seed: seed as never })).toThrow(SeedError);
    expect(() => createMockServer({ seed: seed as never })).toThrow(field);
  });

  it('the default seed is valid and has the dev-server personas with deterministic keys', () => {
    const data = parseSeed(DEFAULT_SEED);
    expect(data.users.map((user) => user.email)).toEqual(
      expect.arrayContaining([
        'desdemona@zulip.com',
        'iago@zulip.com',
        'shiva@zulip.com',
        'hamlet@zulip.com',
        'polonius@zulip.com',
      ]),
    );
    expect(createMockServer().apiKeyOf('iago@zulip.com')).toBe(createMockServer().apiKeyOf('iago@zulip.com'));
    expect(createMockServer().apiKeyOf('iago@zulip.com')).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('realms are independent', () => {
    const first = createMockServer();
    const second = createMockServer();
    first.store.tables.user.update(first.store.userByDeliveryEmail('iago@zulip.com')!.id, { full_name: 'Changed' });
    expect(second.store.userByDeliveryEmail('iago@zulip.com')?.full_name).toBe('Iago');
  });

  it('stored records are frozen: callers cannot corrupt the realm', () => {
    const mock = createMockServer();
    const user = mock.store.userByDeliveryEmail('iago@zulip.com')!;
    expect(() => {
      (user as { full_name: string }).full_name = 'Mallory';
    }).toThrow(TypeError);
    expect(mock.store.userByDeliveryEmail('iago@zulip.com')?.full_name).toBe('Iago');
  });

  it('apiKeyOf teaches which users exist', () => {
    expect(() => createMockServer().apiKeyOf('nobody@zulip.com')).toThrow(/its users: desdemona@zulip.com/);
  });
});
