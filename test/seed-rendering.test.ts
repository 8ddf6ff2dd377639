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

describe('a seeded message not rendered yet', () => {
  function pendingSeeded(mock: ReturnType<typeof createMockServer>, content: string): number {
    const id = mock.store.tables.message.all().find((message) => message.content === content)?.id ?? 0;
    expect(mock.store.pendingRenders.has(id)).toBe(true);
    return id;
  }

  it('matches_narrow gives its rendered content at once, with a search term or a has: term first', async () => {
    const mock = realm();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const verona = pendingSeeded(mock, 'Hello, Verona!');
    const searched = await hamlet.messages.matchesNarrow({ msg_ids: [verona], narrow: [{ operator: 'search', operand: 'verona' }] });
    expect(searched.messages).toEqual({
      [verona]: { match_content: '<p>Hello, <span class="highlight">Verona</span>!</p>', match_subject: 'greetings' },
    });
    const everyone = pendingSeeded(mock, 'Hi **everyone**.');
    const linkless = await hamlet.messages.matchesNarrow({
      msg_ids: [everyone],
      narrow: [{ operator: 'has', operand: 'link', negated: true }],
    });
    expect(linkless.messages).toEqual({ [everyone]: { match_content: '<p>Hi <strong>everyone</strong>.</p>', match_subject: 'greetings' } });
  });

  it('an edit of its content stays: the first rendering does not overwrite it, and the history keeps the old HTML', async () => {
    const mock = realm();
    const iago = mock.clientFor('iago@zulip.com');
    const id = pendingSeeded(mock, 'A word, gentlemen.');
    const queue = await iago.events.register({ event_types: ['update_message'] });
    await iago.messages.update({ message_id: id, content: 'Two words.' });
    const { events } = await iago.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events).toMatchObject([{ type: 'update_message', rendered_content: '<p>Two words.</p>', orig_rendered_content: '<p>A word, gentlemen.</p>' }]);
    expect((await iago.messages.get({ message_id: id })).message.content).toBe('<p>Two words.</p>');
    const { message_history } = await iago.messages.history({ message_id: id });
    expect(message_history.map((entry) => entry.rendered_content)).toEqual(['<p>A word, gentlemen.</p>', '<p>Two words.</p>']);
    expect(message_history[1]?.prev_rendered_content).toBe('<p>A word, gentlemen.</p>');
  });
});
