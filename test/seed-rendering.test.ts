import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import { renderMessage } from '../mock/domain/markdown/render';

const SEEDED = [
  { sender: 'hamlet@zulip.com', channel: 'Verona', topic: 'later', content: 'Plain **bold** with https://example.com and ticket JIRA-7' },
  { sender: 'hamlet@zulip.com', channel: 'Verona', topic: 'now', content: 'Hello @**Othello, the Moor of Venice** :smile:' },
  { sender: 'hamlet@zulip.com', channel: 'Verona', topic: 'later', content: 'Issue JIRA-7 is fixed' },
];

function realm() {
  return createMockServer({ seed: { ...DEFAULT_SEED, messages: [...(DEFAULT_SEED.messages ?? []), ...SEEDED] }, rateLimits: false });
}

async function contentOf(mock: ReturnType<typeof createMockServer>, topic: string, index = 0) {
  const { messages } = await mock.clientFor('hamlet@zulip.com').messages.list({
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: 'Verona' }, { operator: 'topic', operand: topic }],
  });
  return messages[index]?.content;
}

describe('seeded messages rendered on first read', () => {
  it('render as they would have at seeding; mentions, emoji and channel links render (and flag) at once', async () => {
    const mock = realm();
    // The mention is rendered while loading (its flag depends on it); the plain one waits.
    expect(mock.store.pendingRenders.size).toBeGreaterThan(0);
    const mentioned = mock.store.tables.message.all().find((message) => message.content.includes('@**'));
    expect(mentioned && mock.store.pendingRenders.has(mentioned.id)).toBe(false);
    const othello = mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0;
    expect(mentioned && mock.store.userMessages.flags(othello, mentioned.id)).toContain('mentioned');
    expect(await contentOf(mock, 'later', 0)).toBe(renderMessage(mock.state, SEEDED[0]?.content ?? '').html);
    expect(await contentOf(mock, 'now')).toContain('class="user-mention"');
  });

  it('a linkifier added later leaves them as they were, as the server renders at send time', async () => {
    const mock = realm();
    await mock.clientFor('iago@zulip.com').linkifiers.add({ pattern: 'JIRA-(?P<id>[0-9]+)', url_template: 'https://jira.example/{id}' });
    expect(await contentOf(mock, 'later', 1)).toBe('<p>Issue JIRA-7 is fixed</p>');
    const { id } = await mock.clientFor('hamlet@zulip.com').messages.send({ type: 'channel', to: 'Verona', topic: 'later', content: 'Issue JIRA-8 too' });
    expect((await mock.clientFor('hamlet@zulip.com').messages.get({ message_id: id })).message.content).toContain('href="https://jira.example/8"');
  });

  it('a snapshot holds every message rendered', () => {
    const mock = realm();
    const document = mock.snapshot();
    expect(mock.store.pendingRenders.size).toBe(0);
    expect(document.tables.message.every((message) => message.rendered_content.startsWith('<'))).toBe(true);
  });
});
