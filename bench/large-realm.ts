/**
 * The large realm of the scale targets: 1,000 users, 200 channels of about 50 subscribers, 100,000
 * messages (channel messages over 20 topics per channel, one in ten a direct message).
 * Deterministic, so runs compare.
 */
import { DEFAULT_SEED, type SeedInput } from '../mock/index';
import { seededRandom } from '../mock/domain/seeded-random';

/** Sizes of the large realm. */
export const LARGE_REALM = { users: 1_000, channels: 200, subscribersPerChannel: 50, messages: 100_000, topics: 20 };

/** The default realm plus the large realm's users, channels and messages. */
export function largeRealmSeed(sizes = LARGE_REALM): SeedInput {
  const next = seededRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const users = Array.from({ length: sizes.users }, (_, index) => ({
    email: `user${index}@bench.test`,
    full_name: `Bench User ${index}`,
  }));
  const emails = users.map((user) => user.email);
  const channels = Array.from({ length: sizes.channels }, (_, index) => {
    const subscribers = new Set<string>();
    while (subscribers.size < sizes.subscribersPerChannel) subscribers.add(pick(emails));
    return { name: `bench channel ${index}`, subscribers: [...subscribers] };
  });
  const messages = Array.from({ length: sizes.messages }, (_, index) => {
    if (index % 10 === 9) return { sender: pick(emails), to: [pick(emails)], content: `direct message ${index}` };
    const channel = pick(channels);
    return {
      sender: pick(channel.subscribers),
      channel: channel.name,
      topic: `topic ${Math.floor(next() * sizes.topics)}`,
      content: `message ${index} with **some** markdown and a https://example.com link`,
    };
  });
  return {
    ...DEFAULT_SEED,
    users: [...DEFAULT_SEED.users, ...users],
    channels: [...(DEFAULT_SEED.channels ?? []), ...channels],
    messages: [...(DEFAULT_SEED.messages ?? []), ...messages],
  };
}
