import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

// Hundreds of renders: more than a user may send in a minute.
const realm = useTestRealm({ rateLimits: false });

async function render(content: string): Promise<string> {
  return (await realm.clientFor('iago@zulip.com').messages.render({ content })).rendered;
}

/** Words a rule of the dialect could conceivably take for syntax (links, mentions, emoji names). */
const TRICKY_WORDS = ['hello', 'localhost', 'www', 'com', 'http', 'https', 'mailto', 'all', 'everyone', 'channel',
  'topic', 'stream', 'me', 'zulip', 'TODO', 'x', 'o', 'D', 'P', 'p', '0', '1', '00', '1e3', '3', 'li', 'ul', 'br', 'em', 'math', 'time', 'quote', 'spoiler'];

/** Contents of plain ASCII words between single spaces, the same every run. */
function plainContents(count: number): string[] {
  let seed = 42;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const word = () =>
    next(2) === 0
      ? (TRICKY_WORDS[next(TRICKY_WORDS.length)] as string)
      : Array.from({ length: 1 + next(12) }, () => alphabet[next(alphabet.length)]).join('');
  return [...TRICKY_WORDS, ...Array.from({ length: count }, () => Array.from({ length: 1 + next(8) }, word).join(' '))];
}

// Plain words render without markdown-it (the dialect has no syntax in them): each must render
// exactly as the parser renders it, which it still does in a realm with a linkifier.
describe('content of plain words', () => {
  it('renders as the full parser renders it', async () => {
    const contents = plainContents(300);
    const quick = [];
    for (const content of contents) quick.push(await render(content));
    expect(quick[0]).toBe('<p>hello</p>');
    await realm.clientFor('iago@zulip.com').linkifiers.add({ pattern: 'qqqzzz(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' });
    const parsed = [];
    for (const content of contents) parsed.push(await render(content));
    expect(quick).toEqual(parsed);
  });

  it("is linked by the realm's linkifiers", async () => {
    await realm.clientFor('iago@zulip.com').linkifiers.add({ pattern: 'ticket(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' });
    expect(await render('see ticket12 now')).toBe('<p>see <a href="https://example.com/12">ticket12</a> now</p>');
    const sent = await realm.clientFor('iago@zulip.com').messages.send({ type: 'stream', to: 'Verona', topic: 'plain', content: 'ticket7' });
    const message = await realm.clientFor('iago@zulip.com').messages.get({ message_id: sent.id, apply_markdown: true });
    expect(message.message.content).toBe('<p><a href="https://example.com/7">ticket7</a></p>');
  });
});
