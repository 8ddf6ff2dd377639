import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('linkifier patterns are RE2 patterns (models/linkifiers.py: re2.compile)', () => {
  it('regression: RE2\'s own error words, with the fragment it stopped at', async () => {
    const linkifiers = realm.clientFor(IAGO).linkifiers;
    const cases: readonly (readonly [string, string])[] = [
      ['a(?=b)', 'invalid perl operator: (?='],
      ['a(?!b)', 'invalid perl operator: (?!'],
      ['(?<=a)b', 'invalid perl operator: (?<='],
      ['(a)\\1', 'invalid escape sequence: \\1'],
      ['\\Z', 'invalid escape sequence: \\Z'],
      ['\\x4g', 'invalid escape sequence: \\x4g'],
      ['a{1001}', 'invalid repetition size: {1001}'],
      ['a{2,1}?', 'invalid repetition size: {2,1}?'],
      ['a*{1001}', 'bad repetition operator: *{1001}'],
      ['a**', 'bad repetition operator: **'],
      ['*abc', 'no argument for repetition operator: *'],
      ['[z-a]', 'invalid character class range: z-a'],
      ['\\p{Foo}', 'invalid character class range: \\p{Foo}'],
      ['[a\\p', 'invalid escape sequence: \\p'],
      ['foo\\', 'trailing \\'],
      ['(foo', 'missing ): (foo'],
      ['a)', 'unexpected ): a)'],
      ['[abc', 'missing ]: [abc'],
      ['(?P<a-b>c)', 'invalid named capture group: (?P<a-b>'],
      ['(?P<a', 'invalid named capture group: (?P<a'],
      ['x(?P<', 'invalid perl operator: (?P'],
      ['(?P=x)', 'invalid perl operator: (?P'],
      ['(?z)', 'invalid perl operator: (?z'],
    ];
    for (const [pattern, reason] of cases) {
      await expectApiError(linkifiers.add({ pattern, url_template: 'https://example.com/' }), bad(`Bad regular expression: ${reason}`));
    }
  });

  it('regression: RE2 accepts inline flags, digits first in a group name, a name twice, Unicode names and \\C', async () => {
    const linkifiers = realm.clientFor(IAGO).linkifiers;
    await linkifiers.add({ pattern: '(?i)foo', url_template: 'https://example.com/foo' });
    await linkifiers.add({ pattern: '(?U)a+', url_template: 'https://example.com/a' });
    await linkifiers.add({ pattern: '(?P<1a>x)', url_template: 'https://example.com/{1a}' });
    await linkifiers.add({ pattern: '#(?P<id>[0-9]+)|PR(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' });
    await linkifiers.add({ pattern: 'a{9999999999}\\C', url_template: 'https://example.com/literal' });
    // The Unicode name is a group; the template cannot name it (uri_template's names are ASCII).
    await expectApiError(
      linkifiers.add({ pattern: '(?P<é>[0-9]+)', url_template: 'https://example.com/' }),
      bad("Group 'é' in linkifier pattern is not present in URL template."),
    );
  });
});

describe('linkifiers match with RE2 semantics, inside the server\'s word boundaries', () => {
  it('regression: (?i) patterns link; an alternative that fits the boundary wins; NEL counts as a space, a vertical tab does not', async () => {
    const iago = realm.clientFor(IAGO);
    await iago.linkifiers.add({ pattern: '(?i)ticket-(?P<id>[0-9]+)', url_template: 'https://example.com/t/{id}' });
    await iago.linkifiers.add({ pattern: '#(?P<n>[0-9]+)|#(?P<m>[0-9]+x)', url_template: 'https://example.com/{n}{m}' });
    const render = async (content: string) => (await iago.messages.render({ content })).rendered;
    expect(await render('see TICKET-12')).toBe('<p>see <a href="https://example.com/t/12">TICKET-12</a></p>');
    expect(await render('see #12x')).toBe('<p>see <a href="https://example.com/12x">#12x</a></p>');
    expect(await render('a\u0085#7')).toBe('<p>a\u0085<a href="https://example.com/7">#7</a></p>');
    expect(await render('a\u000b#7')).toBe('<p>a\u000b#7</p>');
  });

  it('regression: a name given twice takes the leftmost group\'s value, empty when that group did not match', async () => {
    const iago = realm.clientFor(IAGO);
    await iago.linkifiers.add({ pattern: '#(?P<id>[0-9]+)|PR(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' });
    expect((await iago.messages.render({ content: '#5 and PR6' })).rendered).toBe(
      '<p><a href="https://example.com/5">#5</a> and <a href="https://example.com/">PR6</a></p>',
    );
  });

  it('regression: topic links are found with the same RE2 pattern', async () => {
    const iago = realm.clientFor(IAGO);
    await iago.linkifiers.add({ pattern: '(?i)ticket-(?P<id>[0-9]+)', url_template: 'https://example.com/t/{id}' });
    const { id } = await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'Ticket-4 and ticket-5x', content: 'x' });
    expect((await iago.messages.get({ message_id: id })).message.topic_links).toEqual([{ url: 'https://example.com/t/4', text: 'Ticket-4' }]);
  });

  it('regression: a topic match is placed where its whole match began, the character before it included, as the server compares overlaps', async () => {
    const iago = realm.clientFor(IAGO);
    await iago.linkifiers.add({ pattern: 'x:', url_template: 'https://example.com/x' });
    await iago.linkifiers.add({ pattern: ':y', url_template: 'https://example.com/y' });
    const { id } = await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'x::y', content: 'x' });
    // ":y" follows the ":" that counts as its start, inside "x:": the earlier linkifier keeps the place.
    expect((await iago.messages.get({ message_id: id })).message.topic_links).toEqual([{ url: 'https://example.com/x', text: 'x:' }]);
  });
});
